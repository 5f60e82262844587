// What a pack tells the generic probe checker (probe-check.ts) about its runner: which exports it
// imports from which file, how it calls each (on the pack's fixtures, as TypeScript source) and
// what it needs back (a type). The check fails only when that use does not type-check.

export interface ProbeCall {
  /** The call's arguments as TypeScript source, over the names the spec's preamble declares. */
  args: string;
  /** The call as the student reads it: "checkArgs(CHECK_ARGS.bad_args)". */
  shown: string;
}

export interface ProbeExport {
  name: string;
  /** The course's signature, for the messages: "(lines: string[]) => ServeResult". */
  signature: string;
  calls: readonly ProbeCall[];
  /** The type a result must fit, with `$R` for the result's own type. */
  use: string;
  /** What the runner needs back, in words. */
  needs: string;
}

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
