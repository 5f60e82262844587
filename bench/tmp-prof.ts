import { mkdtemp } from "node:fs/promises";
import os from "node:os"; import path from "node:path";
import { bundleTask } from "../src/runner/bundle.js";
import { runJob } from "../src/runner/run-job.js";
import { fixtureJob } from "../src/grading/fixture-job.js";
import { runExtraChecks, warmUpExtraChecks } from "../src/grading/extra-checks.js";
import { bundleServer } from "../src/live/bundle-server.js";
import { runStdio } from "../src/live/stdio.js";
import { interopChecks } from "../src/live/interop.js";
import { LINES } from "../src/course/fixtures.js";
const dir = path.resolve("solutions"); const work = await mkdtemp(path.join(os.tmpdir(), "p-"));
await warmUpExtraChecks({});
const files: any = {};
for (const t of ["task1","task2","task3"] as const) files[t] = ((await bundleTask(dir, t, work, (p) => p)) as any).file;
const server = (await bundleServer(dir, work, (p) => p)) as any;
const T = async (l: string, f: () => Promise<unknown>) => { const s = performance.now(); await f(); console.log(l.padEnd(30), (performance.now() - s).toFixed(0)); };
for (let i = 0; i < 2; i++) {
  await T("one fixture job task2", () => runJob(files.task2, fixtureJob("task2"), { timeoutMs: 10000 }));
  await T("3 fixture jobs parallel", () => Promise.all((["task1","task2","task3"] as const).map((t) => runJob(files[t], fixtureJob(t), { timeoutMs: 10000 }))));
  await T("stdio run", () => runStdio(server.file, LINES, 10000));
  await T("interop", () => interopChecks(server.file, 10000));
  await T("extra no live", () => runExtraChecks({ submissionDir: dir, workDir: work, displayPath: (p) => p, tasks: ["task1","task2","task3"], runnable: files, timeoutMs: 10000 }, { seed: 1, live: false }));
  await T("extra all", () => runExtraChecks({ submissionDir: dir, workDir: work, displayPath: (p) => p, tasks: ["task1","task2","task3"], runnable: files, timeoutMs: 10000 }, { seed: 1 }));
}
