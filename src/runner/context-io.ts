// What goes into a sandbox context and what comes out of it: the prelude every context starts
// with, and the reading of what it collects after each job (a job's reply and output).
import vm from "node:vm";
import type { PoolReply } from "./pool-child.js";

// In-context stand-ins for what tasks may reasonably touch: console and process.stdout/stderr
// write into capped buffers; require names the module it refused; structuredClone is JSON-deep.
const PRELUDE = `(() => {
  const cap = __CAP__;
  const out = { stdout: "", stderr: "", dropped: { stdout: 0, stderr: 0 } };
  const write = (stream, text) => {
    text = String(text);
    const room = Math.max(0, cap - out[stream].length);
    out[stream] += text.slice(0, room);
    out.dropped[stream] += Math.max(0, text.length - room);
    return true;
  };
  const show = (v) => {
    if (typeof v === "string") return v;
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch { return String(v); }
  };
  const line = (stream) => (...args) => { write(stream, args.map(show).join(" ") + "\\n"); };
  globalThis.console = { log: line("stdout"), info: line("stdout"), debug: line("stdout"), dir: line("stdout"), table: line("stdout"),
    error: line("stderr"), warn: line("stderr"), trace: line("stderr"), assert: (ok, ...a) => { if (!ok) line("stderr")("Assertion failed", ...a); } };
  const stream = (name) => ({ write: (t) => write(name, t), isTTY: false, columns: 80 });
  globalThis.process = { stdout: stream("stdout"), stderr: stream("stderr"), env: {}, argv: ["node", "task"], platform: "linux",
    version: "v20", versions: {}, exitCode: undefined, cwd: () => "/", exit: () => { throw new Error("process.exit"); },
    nextTick: (f, ...a) => { Promise.resolve().then(() => f(...a)); }, on() { return this; }, once() { return this; }, off() { return this; } };
  globalThis.global = globalThis;
  globalThis.require = (name) => { throw new Error(String(name) + " is not available in the grader's sandbox: the tasks need no Node modules, only plain TypeScript"); };
  globalThis.structuredClone = (v) => v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  globalThis.queueMicrotask = (f) => { Promise.resolve().then(f); };
  globalThis.__gradeOut = out;
  // One call after each job: its reply and output, as one string, and a clean slate for the next.
  const stringify = JSON.stringify;
  globalThis.__gradeCollect = () => {
    const reply = typeof globalThis.__gradeReply === "string" ? globalThis.__gradeReply : null;
    // The reply's JSON after a line of the rest, not inside it, where it would be escaped again.
    const text = stringify([reply !== null, out.stdout, out.stderr, out.dropped.stdout, out.dropped.stderr, globalThis.__gradeClean === true]) + "\\n" + (reply ?? "");
    out.stdout = ""; out.stderr = ""; out.dropped.stdout = 0; out.dropped.stderr = 0;
    globalThis.__gradeLoad = undefined; globalThis.__gradeLoads = undefined; globalThis.__gradeReply = undefined; globalThis.__gradeJob = undefined; globalThis.__gradeClean = undefined;
    return text;
  };
})();`;

const preludeScripts = new Map<number, vm.Script>();
export function prelude(cap: number): vm.Script {
  let script = preludeScripts.get(cap);
  if (!script) preludeScripts.set(cap, script = new vm.Script(PRELUDE.replace("__CAP__", String(cap)), { filename: "grade-prelude.js" }));
  return script;
}

// Compiled once per process, run in every context.
export const COLLECT = new vm.Script("__gradeCollect()", { filename: "grade-collect.js" });

/** Runs a collecting script in a context whose job was stopped; undefined if that fails too. */
export function collectAfterStop(ctx: vm.Context, timeoutMs: number, script = COLLECT): unknown {
  try {
    return script.runInContext(ctx, { timeout: timeoutMs });
  } catch {
    return undefined; // the student replaced what collects: nothing to show
  }
}

/** Fills in a reply from what its job collected; whether the job ran clean. */
export function readCollected(reply: PoolReply, collected: unknown): boolean {
  try {
    const text = typeof collected === "string" ? collected : "[false,\"\",\"\",0,0,false]\n";
    const line = text.indexOf("\n");
    const header = line < 0 ? undefined : JSON.parse(text.slice(0, line)) as unknown;
    if (!Array.isArray(header)) {
      // The code broke JSON itself (the grader says so when it cannot read what follows).
      if (!reply.timedOut && !reply.error) reply.replyJson = text.slice(line + 1);
      return false;
    }
    const [replied, stdout, stderr, droppedOut, droppedErr, ranClean] = header as [boolean, string, string, number, number, boolean];
    if (replied === true && !reply.timedOut && !reply.error) reply.replyJson = text.slice(line + 1);
    reply.stdout = droppedOut ? `${stdout}\n… (${droppedOut} more characters not shown)` : stdout;
    reply.stderr = droppedErr ? `${stderr}\n… (${droppedErr} more characters not shown)` : stderr;
    return reply.replyJson !== undefined && ranClean === true;
  } catch {
    return false; // the student replaced what collects the output: no output to show, no reply
  }
}

