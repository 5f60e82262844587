// The verdict on one export from the probe's diagnostics (probe-source.ts): a call the runner
// makes that does not type-check, or a result that does not fit what the runner needs, is a
// finding at the export; an `any` that hides what the runner uses is advice. A class is judged
// on its construction first, then member by member on the instance.
import type { ProbeCall, ProbeExport, ProbeMember, ProbeTask } from "./probe-spec.js";
import { PARAMETERS_SEEN, type ProbeLine } from "./probe-source.js";
import { shown, type Diag, type TypedProgram } from "./typed-program.js";

/** "'new' expression, whose target lacks a construct signature, implicitly has an 'any' type." */
const NEW_ON_FUNCTION = 7009;

/** A property that does not exist on the instance (TS2339, TS2551 "did you mean"). */
const NO_SUCH_MEMBER = new Set([2339, 2551]);

export interface ProbeDiagnostics {
  program: TypedProgram;
  file: string;
  probeFile: string;
  lines: Map<number, ProbeLine>;
  /** The first diagnostic of each probe line that has one. */
  byLine: Map<number, Diag>;
}

type Say = (pos: number, message: string, advice: boolean) => void;

/** What one group of lines (the export's calls, the constructs, one member's) is judged against. */
interface Group {
  misfit: string;
  /** The course's signature the group is held to, as the messages quote it. */
  signature: string;
  who: string;
  calls: readonly ProbeCall[];
  /** For a property read: how the runner reads it. */
  read?: string;
  needs?: string;
  lines: [number, ProbeLine][];
}

export function judgeExport(d: ProbeDiagnostics, task: ProbeTask, exp: ProbeExport, say: Say): void {
  const exported = d.program.exportOf(d.file, exp.name);
  const isClass = exp.kind === "class";
  if (exported.kind !== "named") {
    const write = isClass ? `export class ${exp.name} { ${exp.signature} { … } … }` : `export function ${exp.name}${exp.signature.replace(" => ", ": ")} { … }`;
    say(0, `${task.file} has no export named ${exp.name}, the name the runner imports. Write ${write} (or export { ${exp.name} }).`, false);
    return;
  }
  const pos = exported.pos;
  if (exported.type.any) {
    const what = isClass ? `construct it and use its members. Declare it as a class: ${exp.signature}` : `call it or use what it returns. Declare it as a function: ${exp.signature}`;
    say(pos, `${exp.name} has type any, so nothing checks that the runner can ${what}.`, true);
    return;
  }
  const mine = [...d.lines].filter(([, l]) => l.task === task && l.exp === exp);
  const signature = `signature ${exp.signature}`;
  const misfit = `${exp.name} does not fit the course's ${signature}`;
  if (!isClass) {
    judgeGroup(d, { misfit, signature, who: exp.name, calls: exp.calls, needs: exp.needs, lines: mine }, pos, say);
    return;
  }
  if (judgeGroup(d, { misfit, signature, who: exp.name, calls: exp.constructs, lines: mine.filter(([, l]) => !l.member) }, pos, say)) return;
  for (const member of exp.members) {
    const lines = mine.filter(([, l]) => l.member === member);
    const [first] = lines;
    const missing = first && d.byLine.get(first[0]);
    if (missing && NO_SUCH_MEMBER.has(missing.code)) {
      const undeclared = d.program.semantic(d.file).some((own) => own.code === missing.code && own.lines[0] === missing.lines[0]);
      if (undeclared) {
        say(pos, `${exp.name} uses ${member.name} without declaring it (plain JavaScript's style), so for TypeScript it has no such member and the runner's ${member.calls ? member.calls[0]!.shown : readOf(exp, member)} does not type-check (${shown(missing)}) Declare it in the class: ${member.signature}.`, true);
        continue;
      }
      const uses = member.calls ? `calls: ${member.calls[0]!.shown}` : `reads: ${readOf(exp, member)}`;
      say(pos, `${exp.name} has no ${member.calls ? "method" : "property"} ${member.name}, which the runner ${uses}. Add it: ${member.signature}. (${shown(missing)})`, false);
      continue;
    }
    judgeGroup(d, {
      misfit: `${exp.name}'s ${member.name} does not fit the course's ${member.signature}`, signature: member.signature, who: `${exp.name}.${member.name}`,
      calls: member.calls ?? [], read: member.calls ? undefined : readOf(exp, member), needs: member.needs, lines,
    }, pos, say);
  }
}

const readOf = (exp: ProbeExport, member: ProbeMember): string => member.read ?? `${exp.name}.${member.name}`;

/** Too few arguments, where every parameter the call leaves out is typed any (plain JavaScript's style): advice, not a misfit. */
function leftOutUntyped(d: ProbeDiagnostics, diag: Diag, line: ProbeLine): boolean {
  const counts = diag.code === 2554 ? /Expected (\d+)(?:-\d+)? arguments, but got (\d+)/.exec(diag.lines[0] ?? "") : null;
  if (!counts || !line.parameter) return false;
  const [wanted, got] = [Number(counts[1]), Number(counts[2])];
  if (got >= wanted || wanted > PARAMETERS_SEEN) return false;
  const names = Array.from({ length: wanted - got }, (_, i) => `${line.parameter}${got + i}`);
  return d.program.typesOf(d.probeFile, names).every((t) => t.writtenAny);
}

/** Judges one group's lines; true when it made a finding. */
function judgeGroup(d: ProbeDiagnostics, g: Group, pos: number, say: Say): boolean {
  const what = (call: number): string => g.read ?? g.calls[call]!.shown;
  const calls = g.lines.filter(([n, l]) => l.role === "call" && d.byLine.has(n));
  const untyped = calls.filter(([n, l]) => leftOutUntyped(d, d.byLine.get(n)!, l));
  // `new` on a plain function (an ES5 constructor, plain JavaScript's style) is typed any under
  // "strict" (TS7009): nothing to check, which is advice, not a misfit (correct-prototype-plain-js).
  const anyNew = calls.filter(([n]) => d.byLine.get(n)!.code === NEW_ON_FUNCTION);
  const failed = calls.filter((c) => !untyped.includes(c) && !anyNew.includes(c));
  if (anyNew.length) {
    const [n, l] = anyNew[0]!;
    say(pos, `${what(l.call)} constructs a plain function, which TypeScript types as any under "strict" (${shown(d.byLine.get(n)!)}), so nothing checks the runner's use of it. Declare it as a class: ${g.signature.replace(/^signature /, "")}.`, true);
  }
  if (untyped.length) {
    const [n, l] = untyped[0]!;
    say(pos, `${what(l.call)} leaves out parameters of ${g.who} that have no type, and TypeScript takes every parameter without a "?" or a default as required (${shown(d.byLine.get(n)!)}). Mark the ones the runner may leave out optional, as the course's ${g.signature} does.`, true);
  }
  if (failed.length) {
    const [n, l] = failed[0]!;
    const more = failed.length > 1 ? ` The same call fails for ${failed.length - 1} more of the runner's calls.` : "";
    say(pos, `${g.misfit}: the runner ${g.read ? "reads" : "calls"} ${what(l.call)}, and ${shown(d.byLine.get(n)!)}${more}`, false);
    return true;
  }
  if (g.needs === undefined) return false;
  const judged = g.lines.filter(([, l]) => l.role === "call").map(([, l]) => l);
  const types = d.program.typesOf(d.probeFile, judged.map((l) => l.result));
  const results = new Map(judged.map((l, i) => [l.call, types[i]!]));
  const anyResult = [...results].find(([, t]) => t.writtenAny);
  if (anyResult) {
    say(pos, `${what(anyResult[0])} ${g.read ? "is" : "returns"} any, so nothing checks that the runner can use ${g.read ? "it" : "its result"} (${g.needs}). Declare ${g.who}'s ${g.read ? "type" : "return type"}.`, true);
    return false;
  }
  const unusable = g.lines.find(([n, l]) => l.role === "use" && results.has(l.call) && d.byLine.has(n));
  if (!unusable) return false;
  const [n, l] = unusable;
  const type = results.get(l.call)!;
  if (type.thenable && !g.read) {
    say(pos, `${g.misfit}: ${what(l.call)} returns ${type.shown}, a Promise: ${g.who} is async, but the runner uses what it returns at once. Make it a plain function (no async, no await).`, false);
  } else {
    say(pos, `${g.misfit}: the runner ${g.read ? "reads" : "calls"} ${what(l.call)} and needs ${g.read ? "" : "back "}${g.needs}, but it ${g.read ? "is" : "returns"} ${type.shown}. ${shown(d.byLine.get(n)!)}`, false);
  }
  return true;
}
