// The live server: a node process that serves a submission's handle over stdio (live-connection.ts),
// with the student's code inside the same QuickJS engine as every other run. The process itself
// runs under Node's permission model with an empty environment, reading only this script, the
// engine's WebAssembly and the submission's request file; it starts no process. Bundled with
// esbuild (live.ts) and run by plain node.
//
// Two ways to run it. `live-server.cjs REQUEST` (grade serve) serves one connection on its own
// stdin and stdout and exits as it ends. `live-server.cjs REQUEST N` (the grader's live checks)
// serves up to N connections one after another, connection k on the file descriptors 3k+3 (its
// input), 3k+4 (its output) and 3k+5 (its log), each in a fresh Session, so that one process
// start serves a grade's stdio and SDK checks; after each it writes one status line on stdout
// (the grader's alone: no student text goes there) and goes on only when the connection ended
// cleanly and cheaply, so that the next is served as a fresh process would serve it
// (live-host.ts on the grader's side). Otherwise it exits as the connection ended.
import { closeSync, readFileSync, writeSync } from "node:fs";
import { Socket } from "node:net";
import { instanceMaker } from "./instance.js";
import { serveConnection } from "./live-connection.js";
import { REUSE_LIMITS, type ConnectionStatus, type LiveRequest } from "./live-protocol.js";

const stderr = (text: string): void => { process.stderr.write(text); };

/** Writes all of `text` to a blocking descriptor, as node writes its own stdout to a pipe. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
}

async function main(file: string, connections: number): Promise<void> {
  const request = JSON.parse(readFileSync(file, "utf8")) as LiveRequest;
  const newModule = instanceMaker(request.wasmPath);
  if (connections === 0) {
    const code = await serveConnection(request, newModule, { input: process.stdin, out: (t) => { process.stdout.write(t); }, err: stderr });
    process.stdout.write("", () => process.exit(code));
    return;
  }
  for (let k = 0; k < connections; k += 1) {
    const [input, out, err] = [3 * k + 3, 3 * k + 4, 3 * k + 5];
    const socket = new Socket({ fd: input, readable: true, writable: false });
    const code = await serveConnection(request, newModule, { input: socket, out: (t) => writeAll(out, t), err: (t) => writeAll(err, t) });
    socket.destroy();
    closeSync(out);
    closeSync(err);
    const cpu = process.cpuUsage();
    const next = code === 0 && k + 1 < connections && (cpu.user + cpu.system) / 1000 < REUSE_LIMITS.cpuMs && process.memoryUsage().rss < REUSE_LIMITS.rssBytes;
    const status: ConnectionStatus = { connection: k, code, next };
    process.stdout.write(`${JSON.stringify(status)}\n`);
    if (!next) {
      process.stdout.write("", () => process.exit(code));
      return;
    }
  }
}

const [file, count] = process.argv.slice(2);
void main(file ?? "", Number(count ?? 0) || 0).catch((error: unknown) => {
  stderr(`grade serve: the server failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
