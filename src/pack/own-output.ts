// A print belongs to the code that made it (issue 20: one mistake, one point). A task's module
// may load another task's (chapter 2's handle calls toMcp; the stateless pack's handle calls
// checkArgs, its serve handle): a console.log in toMcp then shows in every run that loads it,
// and would cost task 2 and task 3 a point each for task 1's line. What a task printed that the
// tasks it loaded printed in their own runs is theirs, charged there.
export interface OwnOutput {
  /** What the task's own code printed (its lines no loaded task printed in its own run). */
  own: string;
  /** The files whose own runs printed the rest. */
  others: string[];
}

/** `printed` without the lines that the loaded tasks (`loaded`: file → what its own run printed) printed too. */
export function ownOutput(printed: string, loaded: Readonly<Record<string, string | undefined>>): OwnOutput {
  const theirs = new Map<string, string>();
  for (const [file, text] of Object.entries(loaded)) for (const line of (text ?? "").split("\n")) if (line !== "" && !theirs.has(line)) theirs.set(line, file);
  const others = new Set<string>();
  const own = printed.split("\n").filter((line) => {
    const file = theirs.get(line);
    if (file === undefined) return true;
    others.add(file);
    return false;
  });
  return { own: own.join("\n").trim() === "" ? "" : own.join("\n"), others: [...others] };
}
