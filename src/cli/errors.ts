// The two kinds of error the CLI's one boundary knows: a UserError has already said what was
// wrong and what to do (exit 2); anything else is a bug in grade (exit 3).

export const EXIT = { pass: 0, fail: 1, usage: 2, bug: 3 } as const;

export class UserError extends Error {
  override name = "UserError";
}
