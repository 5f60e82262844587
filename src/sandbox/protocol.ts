// What the grader asks of the sandbox and what comes back: plain data on both sides. A request
// carries a submission's files and the calls to make, never an expected answer; a reply carries
// what the code returned as text the grader decodes itself (value.ts), never a verdict.

/** Why a run, or a call in it, did not give a value. */
export type FailureReason =
  | "not-written" | "missing-file" | "syntax" | "missing-export" | "import-error" | "refused-file" | "throw"
  | "promise" | "not-json" | "exit" | "timeout" | "crash" | "out-of-memory" | "too-large"
  /** Stopped by the clock's backstop, not by its work: the grader's trouble, not a verdict. */
  | "backstop"
  /**
   * Stopped, or never started, because the submission's work budget for all its runs ran out:
   * maybe by this run's own loop, maybe by another task's (src/grading/stand-ins.ts runs it again alone).
   */
  | "budget";

export interface TaskFailure {
  reason: FailureReason;
  /** One plain paragraph for the student. */
  message: string;
}

export interface RunSpec {
  /** The module to load, by its path in the submission ("task2.ts"). */
  entry: string;
  exportName: string;
  /** JSON text of each input, in order. */
  inputs: string[];
  /**
   * "shared": one module instance answers every input, in order; "fresh": each input goes to a
   * module instance of its own (its modules loaded anew), so state kept between calls shows.
   */
  instance: "shared" | "fresh";
  /**
   * With "fresh": how many inputs each fresh instance answers, in order (a serve call's messages
   * to one handle, say); one each when absent.
   */
  groups?: number[];
  /**
   * "fresh": this run gets a QuickJS context of its own (new globals, built-ins and pure
   * modules), so that what a submission's earlier runs left on globalThis, a prototype or a
   * library is not there, and nothing this run leaves reaches the runs after it; "shared" (the
   * default) is the submission's one context, where a global set by one run is seen by the
   * next, even in a fresh module instance. About 2.5 ms a context: for a run that judges
   * state kept between calls, not for every run.
   */
  context?: "shared" | "fresh";
  /** Stop at the first call that fails (the chapter's runner would have stopped there). */
  stopOnFailure: boolean;
  /** Describe each input again after its call, so the grader sees whether the call changed it. */
  echoInputs?: boolean;
  /**
   * Run only if run `after` had every call answered ("clean"), ran to its end without being
   * stopped with its failures each one call's, not the task's ("answered": failsTheTask in
   * failures.ts), ran to its end with no failure the task's, though every call may have failed
   * ("ran"), did so with at least one call failing ("failed-call": a run that looks again at what
   * failed), or at least ran to its end ("finished"); otherwise this run is skipped.
   */
  after?: { run: number; need: "clean" | "answered" | "ran" | "failed-call" | "finished" };
  /**
   * Functions handed to the export after its arguments: each answers from a script, outside the
   * engine, and records what it was given. With peers, each input is a JSON array of arguments.
   */
  peers?: PeerScript[];
  /**
   * A function of the pack's course module ("grade/course", the instance the entry's modules
   * get) that makes each call instead of the engine: it is given the entry's export first, then
   * the input (or, with peers or spread, its arguments and the peers), and what it returns is the
   * call's value. For an export a plain call cannot drive: a class, whose instances a session of
   * calls needs. The driver is the pack's code and holds no answer: it only makes the calls.
   */
  via?: string;
  /**
   * One call's work budget (fuel.ts CALL_FUEL when absent): a call that uses it up is that
   * input's failure, and the run goes on from the next input. For an export whose one call does
   * a whole run's work (serve over every line), sized from the reference's largest call.
   */
  callFuel?: number;
  /**
   * The fields the course's runner reads from what the export returns (serve's `out` and `log`):
   * an object whose field is a getter or its prototype's is described with that field read, as
   * the runner's `result.out` reads it, not by its own keys alone.
   */
  reads?: readonly string[];
  /** Each input is a JSON array of the call's arguments (as with peers, without any): fn(...input). */
  spread?: boolean;
  /**
   * With peers or spread: the arguments before the peers. An input with fewer items leaves the
   * rest undefined, as a call that leaves an argument out (JSON has no undefined): f(a, undefined, peer).
   */
  arity?: number;
}

/** A scripted peer: a mock server, a user to ask; the grader's, never the student's. */
export interface PeerScript {
  /** JSON texts answered in order, one per call of the peer function within one call of the export. */
  replies: string[];
  /** After the last reply, keep answering with the last one (a server that always asks again); otherwise a call beyond the script throws in the guest. */
  repeatLast?: boolean;
  /** Put the `id` of the message received (a JSON object's own "id") into the reply object's "id" before answering (a server echoing the request id). */
  echoId?: boolean;
  /**
   * The methods the replies are for: only a JSON object whose own "method" is one of them takes
   * the next reply; any other message (a notification, a method the script has no reply for, what
   * is no object) is answered null and takes none, wherever it comes (a server answers its
   * requests in turn and a notification with nothing). Absent, every message takes the next.
   */
  answers?: string[];
  /**
   * Methods a server answers alike when asked again before its state moved (with `answers`). A
   * request of one of them takes the next reply when that reply is for its method and for the
   * current phase; otherwise it gets the last reply given to its method once more and takes none
   * (a client that asks for the tools once more than the script, an eager list at connect, shifts
   * no reply); before any such reply, it takes the next. A phase begins at each message to
   * `phasePeer` (a driver's mark: its first message begins phase 0); `replies[k]` is reply k's
   * method and phase.
   */
  again?: { methods: string[]; phasePeer: number; replies: { method: string; phase: number }[] };
}

/**
 * One message a peer was given, recorded by the host as it was received. `text` is its JSON (cut
 * to a cap); `problem` says why it is not all of the message: "not JSON: …" (text "") or "cut: …".
 */
export interface PeerMessage { peer: number; text: string; problem?: string }

/**
 * A source file as the grader compiled it (compile.ts), before the engine runs: CommonJS text
 * and its source map's `mappings` (a stack's places are the student's own lines), or why it did
 * not compile, one paragraph.
 */
/** `awaits`: the module has an await outside every function, run only if reached (session.ts). */
export type CompiledFile = { code: string; map: string; awaits?: true } | { syntax: string };

/**
 * A correct copy of one of the submission's files, in place of the student's own, for judging a
 * task that imports it (src/grading/stand-ins.ts). Each export answers from a table the pack made
 * from its rules, by the call's arguments as canonical JSON (standInKey, src/json/stand-in-key.ts):
 * the JSON text of the value, or "undefined"; or, for an export that only arranges its arguments
 * (a message builder), from `template`: JSON text in which each `{"$arg": i}` stands for the
 * call's i-th argument, a key whose argument is absent left out (stand-in-answer.ts). There is no
 * code behind it, so nothing of a reference solution is in the engine; a call neither answers
 * throws `unknown` (one paragraph for the student).
 */
export interface StandIn {
  exports: Record<string, StandInExport>;
}

export interface StandInExport {
  answers: Record<string, string>;
  template?: string;
  unknown: string;
  /**
   * How many arguments the export reads: a call's others are left out of its key, as the real
   * function never sees them (`messages.map(handle)` passes an index and the list too).
   */
  arity?: number;
  /**
   * For an export whose answers depend on the calls before it in the same module instance (a
   * server that keeps orders): a machine of numbered states, 0 where each module instance starts.
   * In state s, a call answers from `states[s].answers`, else from `answers` (then `template`),
   * and moves to `states[s].next[key]`, or stays. The pack lists the states its rules reach over
   * its table's calls; the state lives in the module instance's copy of the export (guest.js), so
   * a fresh instance starts again at 0, as a real module's variables do, and a call that throws
   * moves nothing.
   */
  states?: { answers: Record<string, string>; next: Record<string, number> }[];
}

export interface SandboxRequest {
  /** The submission's source files by path ("task1.ts", "lib/util.ts"), as text. */
  files: Record<string, string>;
  /** Files (by path) whose imports and loads get the pack's correct copy instead of the student's. */
  standIns?: Record<string, StandIn>;
  /** Each of `files` but .json, compiled (SandboxPool.run fills it in; the engine compiles nothing). */
  compiled?: Record<string, CompiledFile>;
  /** Files the grader refused to read (a link out of the folder), by path, with the reason. */
  refused: Record<string, string>;
  runs: RunSpec[];
  /** How messages name the submission's files: this before each path ("my-work/"). */
  shownAs?: string;
  /**
   * Per run: its work budget in fuel (fuel.ts; RUN_FUEL when absent) and the clock's backstop in
   * ms; `cpuMs`, the processor time a run may spend in work that does not tick (watchdog.ts,
   * NATIVE_CPU_MS when absent). For the whole submission: all its runs' fuel together and the backstop together (a run
   * gets what is left, up to its own), its memory, and the size of its answers.
   */
  limits: { fuel?: number; budgetFuel?: number; cpuMs?: number; timeMs: number; budgetMs?: number; memoryBytes: number; valueChars: number; outputChars: number };
}

/**
 * One call: the value as the guest described it (text), or how the call failed; in a run with
 * peers, every message they were given during the call, in order, whether it returned or threw.
 */
export type WireCall = ({ ok: true; value: string; input?: string } | { ok: false; failure: TaskFailure }) & { sent?: PeerMessage[] };

export type WireRun =
  | { status: "ran"; calls: WireCall[]; stopped?: TaskFailure; /** The modules the entry loaded, by id. */ modules?: string[]; stdout: string; stderr: string; durationMs: number; /** The work it did (fuel.ts), its loads' apart. */ fuel?: number; /** The most work one of its calls that returned did. */ largestCall?: number; /** Its module loads' work (fuel.ts LOAD_FUEL), and the most one load that ended did. */ loadFuel?: number; largestLoad?: number }
  | { status: "failed"; failure: TaskFailure; stdout: string; stderr: string; durationMs: number; fuel?: number; loadFuel?: number }
  | { status: "skipped" };

export interface SandboxReply {
  runs: WireRun[];
}
