// A module instance's clients one after another (client/scenarios.ts, Scenario.freshClients): the
// same ops run by a fresh client after the first. What a later client gets wrong where the first
// client of the same ops got nothing wrong is state one client left the next: one mistake (the
// first rule it broke, since what came after follows from what it read), not each rule that state
// reached (m-client-refused-flag-module-level lost t3_handshake, t3_messages and t3_errors). Where
// the first client got something wrong, the same ops again tell nothing more.

const SHARED_CLIENT_STATE = "\nThe same ops were answered right by the first client of this module instance: the client before left state this new one read. Keep every piece of a client's state on its instance (this), none in module variables.";

export class FreshClients {
  /** Whether each run's first client broke no rule. */
  private readonly clean = new Map<number, boolean>();
  /** The current call's broken rules and their messages, in order; undefined outside such scenarios. */
  private heard: [string, string][] | undefined;
  /** Whether the current call's judgements are held back (a later client's: judged only as above). */
  held = false;

  begin(freshClients: boolean, later: boolean): void {
    this.heard = freshClients ? [] : undefined;
    this.held = later;
  }

  hear(rule: string, message: string): void {
    this.heard?.push([rule, message]);
  }

  /**
   * At a call's end: a first client's record is kept; for a later one, the rule to charge and its
   * message when the first client of its run broke none and this one broke one.
   */
  end(run: number, later: boolean): [string, string] | undefined {
    if (this.heard === undefined) return undefined;
    if (!later) { this.clean.set(run, this.heard.length === 0); return undefined; }
    this.held = false;
    const first = this.heard[0];
    return this.clean.get(run) && first ? [first[0], `${first[1]}${SHARED_CLIENT_STATE}`] : undefined;
  }
}
