// Compiles the submissions that ask at about the same time in one esbuild build, one entry point
// (and one output) per submission. A build has a fixed cost of several milliseconds of esbuild's
// time whatever it holds: a batch that builds sixteen submissions at once spends a third of what
// sixteen builds would. A submission alone (`grade`) waits GROUP_WAIT_MS at most; a batch, whose
// submissions arrive one by one as the sandbox frees up, lets them wait longer to share a build
// (the sandbox meanwhile runs the ones already built).
//
// The result for one submission is its script, or undefined when it must be compiled on its own
// (bundle.ts then compiles task by task, and every error names its own file): when its files do
// not compile, or when it took in a file from outside its folder. One submission's syntax error
// never costs the others of its group more than a second build.
import path from "node:path";
import type { Message, Metafile } from "esbuild";
import { esbuild } from "./esbuild.js";

export interface SharedBundle {
  file: string;
  code: string;
  sourceMap?: string;
}

interface Request {
  submissionDir: string;
  /** The entry's source: defines one loader per task (see bundle.ts). */
  entry: string;
  resolve: (bundle: SharedBundle | undefined) => void;
  reject: (error: unknown) => void;
}

export interface GroupOptions {
  /** Where the outputs would go: names them and anchors their source maps; nothing is written. */
  outDir: string;
  /** What `grade/course` means in the sandbox. */
  courseGlobal: string;
  /** How long the first request waits for others (default GROUP_WAIT_MS). */
  waitMs?: number;
}

// A task is an ES module, and modules are strict: so is its bundle, as link.ts's are.
export const STRICT = '"use strict";';

const GROUP_MAX = 16;
const GROUP_WAIT_MS = 2;
const ENTRY = "grade-entry:";

const queues = new Map<string, { options: GroupOptions; requests: Request[]; timer?: NodeJS.Timeout }>();

export function buildInGroup(submissionDir: string, entry: string, options: GroupOptions): Promise<SharedBundle | undefined> {
  const key = `${options.outDir}\0${options.courseGlobal}`;
  let queue = queues.get(key);
  if (!queue) queues.set(key, queue = { options, requests: [] });
  return new Promise((resolve, reject) => {
    queue.requests.push({ submissionDir, entry, resolve, reject });
    if (queue.requests.length >= GROUP_MAX) flush(key);
    else queue.timer ??= setTimeout(() => flush(key), options.waitMs ?? GROUP_WAIT_MS);
  });
}

function flush(key: string): void {
  const queue = queues.get(key);
  if (!queue) return;
  queues.delete(key);
  if (queue.timer) clearTimeout(queue.timer);
  void buildGroup(queue.requests, queue.options);
}

async function buildGroup(group: Request[], options: GroupOptions): Promise<void> {
  if (group.length === 0) return;
  const outFile = (i: number): string => path.join(options.outDir, `submission-${i}.js`);
  let result;
  try {
    result = await esbuild().build({
      entryPoints: group.map((_, i) => ({ in: `${ENTRY}${i}`, out: `submission-${i}` })),
      // Only the entries call into JavaScript: a plugin on every import would cost a round trip each.
      plugins: [{
        name: "grade-entries",
        setup(b) {
          b.onResolve({ filter: /^grade-entry:\d+$/ }, (args) => ({ path: args.path, namespace: "grade-entry" }));
          b.onLoad({ filter: /.*/, namespace: "grade-entry" }, (args) => {
            const request = group[Number(args.path.slice(ENTRY.length))]!;
            return { contents: request.entry, loader: "js", resolveDir: request.submissionDir };
          });
        },
      }],
      bundle: true, platform: "node", format: "iife", target: "node20", write: false, outdir: options.outDir, metafile: true, banner: { js: STRICT },
      // A separate map: nothing to encode or ship unless a stack trace needs mapping.
      sourcemap: "external", sourcesContent: false, logLevel: "silent", alias: { "grade/course": options.courseGlobal },
    });
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) return group.forEach((r) => r.reject(error));
    const failed = new Set(errors.map((e) => owner(group, e)));
    // An error no submission owns: each is compiled on its own.
    if (failed.has(undefined)) return group.forEach((r) => r.resolve(undefined));
    for (const r of group) if (failed.has(r)) r.resolve(undefined);
    return buildGroup(group.filter((r) => !failed.has(r)), options);
  }
  const texts = new Map(result.outputFiles.map((f) => [path.resolve(f.path), f.text]));
  group.forEach((request, i) => {
    const file = outFile(i);
    const code = texts.get(file);
    if (code === undefined || takesOutside(result.metafile, file, request.submissionDir, options.courseGlobal)) return request.resolve(undefined);
    const sourceMap = texts.get(`${file}.map`);
    request.resolve({ file, code, ...(sourceMap !== undefined ? { sourceMap } : {}) });
  });
}

/** The request whose file an error is in: esbuild names files relative to its working folder. */
function owner(group: Request[], error: Message): Request | undefined {
  const file = error.location?.file;
  if (!file) return undefined;
  if (file.startsWith(ENTRY)) return group[Number(file.slice(ENTRY.length))];
  const abs = path.resolve(process.cwd(), file);
  return group.find((r) => abs.startsWith(r.submissionDir + path.sep));
}

/** Whether the output took in a file from outside its submission folder (bundle.ts says why). */
function takesOutside(metafile: Metafile, file: string, submissionDir: string, courseGlobal: string): boolean {
  const output = Object.entries(metafile.outputs).find(([name]) => path.resolve(name) === file)?.[1];
  if (!output) return true;
  const inside = submissionDir + path.sep;
  return Object.keys(output.inputs).some((input) => {
    if (input.startsWith(ENTRY)) return false;
    const abs = path.resolve(input);
    return !abs.startsWith(inside) && abs !== courseGlobal;
  });
}
