// What a pack tells the generic probe checker (probe-check.ts) about its runner: which exports it
// imports from which file, how it calls each (on the pack's fixtures, as TypeScript source) and
// what it needs back (a type); for a class, how it constructs it and which methods it calls and
// properties it reads on the instance. The check fails only when that use does not type-check.

export interface ProbeCall {
  /** The call's arguments as TypeScript source, over the names the spec's preamble declares. */
  args: string;
  /** The call as the student reads it: "checkArgs(CHECK_ARGS.bad_args)". */
  shown: string;
}

export interface ProbeFunction {
  kind?: "function";
  name: string;
  /** The course's signature, for the messages: "(lines: string[]) => ServeResult". */
  signature: string;
  calls: readonly ProbeCall[];
  /** The type a result must fit, with `$R` for the result's own type. */
  use: string;
  /** What the runner needs back, in words. */
  needs: string;
}

/** A method the runner calls on an instance, or (without calls) a property it reads. */
export interface ProbeMember {
  name: string;
  /** The course's signature of it, for the messages: "handle(message: JsonRpcMessage): JsonRpcResponse | null". */
  signature: string;
  /** The calls' arguments, over the preamble's names; `shown` the whole call: "server.handle(INITIALIZE)". */
  calls?: readonly ProbeCall[];
  /** A property's read as the student reads it: "client.tools". */
  read?: string;
  /** The type the result (or the property) must fit, with `$R` for its own type. */
  use: string;
  needs: string;
}

/** A class the runner constructs, then uses through the first instance. */
export interface ProbeClass {
  kind: "class";
  name: string;
  /** The course's constructor, for the messages: "constructor(config: ServerConfig)". */
  signature: string;
  /** The runner's `new` calls; `shown` the whole expression: "new LabServer({ allowedTools: [] })". */
  constructs: readonly ProbeCall[];
  members: readonly ProbeMember[];
}

export type ProbeExport = ProbeFunction | ProbeClass;

export interface ProbeTask {
  id: string;
  file: string;
  exports: readonly ProbeExport[];
}

export interface ProbeSpec {
  /** The file "grade/course" names, and the grader's files the compiler may read beside the standard library and @types. */
  courseModule: string;
  graderFiles: readonly string[];
  /** Declarations at the top of the probe: the fixtures, the caller types (imported by absolute path). */
  preamble: string;
  tasks: readonly ProbeTask[];
}
