// The probe's text (probe-check.ts): each export imported under a name of its own, each of the
// runner's calls on a line of its own, its result assigned on the next line to the type the
// runner needs, so that a diagnostic's line says which call or which use failed. A class is
// constructed as the runner constructs it, and its members are used on the first instance.
import type { ProbeCall, ProbeExport, ProbeMember, ProbeSpec, ProbeTask } from "./probe-spec.js";

/** One line of the probe: a call (a `new`, a method call, a property read) or the use of its result. */
export interface ProbeLine {
  task: ProbeTask;
  exp: ProbeExport;
  /** The member used, for a class's method or property; absent for the export's own calls. */
  member?: ProbeMember;
  role: "call" | "use";
  /** The call's index in its list (calls, constructs or the member's calls); 0 for a property. */
  call: number;
  /** The name of the probe's variable holding the result. */
  result: string;
  /** With the position appended, the probe's variable typed as that parameter of what this line calls. */
  parameter: string;
}

/** The parameters declared for each call (probe-judge.ts asks whether those a call leaves out are typed at all). */
export const PARAMETERS_SEEN = 6;

export interface ProbeSource { text: string; lines: Map<number, ProbeLine> }

export function probeSource(spec: ProbeSpec, tasks: readonly ProbeTask[]): ProbeSource {
  const text = spec.preamble.trimEnd().split("\n");
  const lines = new Map<number, ProbeLine>();
  const add = (line: Omit<ProbeLine, "task" | "exp">, task: ProbeTask, exp: ProbeExport, source: string): void => {
    lines.set(text.length, { task, exp, ...line });
    text.push(source);
  };
  const parameters = (prefix: string, type: string): string => {
    for (let i = 0; i < PARAMETERS_SEEN; i++) text.push(`declare const ${prefix}${i}: ${type}[${i}];`);
    return prefix;
  };
  const callAndUse = (task: ProbeTask, exp: ProbeExport, member: ProbeMember | undefined, result: string, call: number, expression: string, use: string | undefined, parameter = ""): void => {
    const base = member ? { member, call, result, parameter } : { call, result, parameter };
    add({ ...base, role: "call" }, task, exp, `const ${result} = ${expression};`);
    if (use !== undefined) add({ ...base, role: "use" }, task, exp, `const ${result}_use: ${use.replaceAll("$R", `typeof ${result}`)} = ${result};`);
  };
  for (const task of tasks) {
    task.exports.forEach((exp, e) => {
      const local = `__${task.id}_${e}`;
      text.push(`import { ${exp.name} as ${local} } from "./${task.file}";`);
      if (exp.kind === "class") {
        const made = parameters(`${local}_new_p`, `ConstructorParameters<typeof ${local}>`);
        exp.constructs.forEach((c, i) => callAndUse(task, exp, undefined, `${local}_${i}`, i, `new ${local}(${c.args})`, undefined, made));
        const instance = `${local}_0`;
        exp.members.forEach((m, k) => {
          const result = `${local}_m${k}`;
          if (!m.calls) return callAndUse(task, exp, m, result, 0, `${instance}.${m.name}`, m.use);
          const taken = parameters(`${result}_p`, `Parameters<typeof ${instance}.${m.name}>`);
          m.calls.forEach((c: ProbeCall, i) => callAndUse(task, exp, m, `${result}_${i}`, i, `${instance}.${m.name}(${c.args})`, m.use, taken));
        });
      } else {
        const taken = parameters(`${local}_p`, `Parameters<typeof ${local}>`);
        exp.calls.forEach((c, i) => callAndUse(task, exp, undefined, `${local}_${i}`, i, `${local}(${c.args})`, exp.use, taken));
      }
    });
  }
  return { text: text.join("\n") + "\n", lines };
}
