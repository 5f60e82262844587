// One live server process for all of a grade's live checks (issue 21): the grader's side of
// live-server.ts's connections. Starting node and the engine was most of a live check's cost,
// paid once per check. Each check still gets a fresh Session in the server (its own instance,
// context and modules), and a fresh process whenever the previous connection did not end cleanly
// and cheaply (the server says so in its status line: live-protocol.ts), was stopped, or the
// process is gone, so that a server that misbehaves meets each check as a new process, as before.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { PassThrough, Writable, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ConnectionStatus } from "../sandbox/live-protocol.js";
import { killGroup, type Ended, type LiveConnection, type LiveServer, type ServerCommand } from "./connection.js";

// What the process writes on its own stderr (node's own errors) before a connection takes it.
const EARLY_LOG = 4096;

/** A running server process and the connections it was asked for. */
class Host {
  readonly child: ChildProcess;
  readonly started: Promise<void>;
  readonly exited: Promise<Ended>;
  private taken = 0;
  private readonly statuses = new Map<number, ConnectionStatus>();
  private readonly waiting = new Map<number, (s: ConnectionStatus) => void>();
  private active: PassThrough | undefined;
  private early = "";
  private stopped = false;

  constructor(command: ServerCommand, private readonly slots: number) {
    const stdio = ["ignore", "pipe", "pipe", ...Array.from({ length: 3 * slots }, () => "pipe" as const)] as const;
    this.child = spawn(command.command, command.args, { stdio: [...stdio], env: command.env, detached: true });
    // A server gone leaves its pipes broken: the checks read that from `ended`, never as a throw.
    for (const s of this.child.stdio) s?.on("error", () => undefined);
    this.started = new Promise((resolve, reject) => { this.child.once("spawn", resolve); this.child.once("error", reject); });
    this.started.catch(() => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error) => resolve({ code: null, signal: null, error }));
      this.child.once("close", (code, signal) => resolve({ code, signal }));
    });
    createInterface({ input: this.child.stdout!, crlfDelay: Infinity }).on("line", (line) => {
      let status: ConnectionStatus;
      try { status = JSON.parse(line) as ConnectionStatus; } catch { return; }
      this.statuses.set(status.connection, status);
      this.waiting.get(status.connection)?.(status);
    });
    this.child.stderr!.on("data", (chunk: Buffer) => {
      if (this.active && !this.active.writableEnded) this.active.write(chunk);
      else this.early = (this.early + chunk.toString("utf8")).slice(-EARLY_LOG);
    });
  }

  /** Whether the next connection is served by this process: the last ended cleanly and said so. */
  canServe(): boolean {
    return !this.stopped && this.child.exitCode === null && this.child.signalCode === null && this.taken < this.slots
      && (this.taken === 0 || this.statuses.get(this.taken - 1)?.next === true);
  }

  take(): LiveConnection {
    const k = this.taken;
    this.taken += 1;
    const [input, stdout, log] = [this.child.stdio[3 * k + 3] as Writable, this.child.stdio[3 * k + 4] as Readable, this.child.stdio[3 * k + 5] as Readable];
    const stdin = writeOnly(input);
    const stderr = new PassThrough();
    if (this.early) stderr.write(this.early);
    this.early = "";
    this.active = stderr;
    log.on("data", (chunk: Buffer) => { if (!stderr.writableEnded) stderr.write(chunk); });
    const closed = (s: Readable): Promise<void> => new Promise((resolve) => { if (s.destroyed) resolve(); else s.once("close", () => resolve()); });
    const status = new Promise<ConnectionStatus>((resolve) => {
      const known = this.statuses.get(k);
      if (known) resolve(known);
      else this.waiting.set(k, resolve);
    });
    // The connection is over when the server said how it ended and its output is all read, or
    // when the process is gone (then as the process ended).
    const ended = Promise.race([
      Promise.all([status, closed(stdout), closed(log)]).then(([s]): Ended => ({ code: s.code, signal: null })),
      this.exited,
    ]).then(async (end) => {
      if (this.active === stderr) this.active = undefined;
      // Over only once its log is all read, as a process's close comes after its output's.
      stderr.end();
      stderr.resume();
      await finished(stderr, { writable: false }).catch(() => undefined);
      return end;
    });
    const kill = (): void => this.kill();
    return {
      stdin, stdout, stderr, pid: this.child.pid, started: this.started, ended, kill,
      // A connection the server ended cleanly leaves the process for the next one.
      release: () => { if (this.statuses.get(k)?.next !== true) kill(); },
    };
  }

  kill(): void {
    this.stopped = true;
    killGroup(this.child.pid);
  }
}

/**
 * The connection's input as a process's stdin is: written only. Node reads the grader's end of a
 * pipe on file descriptor 3 and above, and a server that ends with lines unread makes that read
 * fail (ECONNRESET), which a process's stdin never reports; a write's failure is passed on.
 */
function writeOnly(socket: Writable): Writable {
  const stdin = new Writable({
    write: (chunk: Buffer, _encoding, done) => { socket.write(chunk, () => done()); },
    final: (done) => { socket.end(); done(); },
  });
  socket.on("error", (error: NodeJS.ErrnoException) => { if (error.syscall !== "read") stdin.destroy(error); });
  return stdin;
}

/** The grade's live server: `command` serves `slots` connections in one process (live-server.ts). */
export class SharedServer implements LiveServer {
  private host: Host | undefined;
  private closed = false;

  constructor(private readonly command: ServerCommand, private readonly slots: number) {}

  connect(): LiveConnection {
    // Closed (the grading no longer needs its checks): no process is started again.
    if (this.closed) return stoppedConnection();
    if (!this.host?.canServe()) {
      this.host?.kill();
      this.host = new Host(this.command, this.slots);
    }
    return this.host.take();
  }

  /** Stops the process, whatever it is doing, and starts none again. */
  close(): void {
    this.closed = true;
    this.host?.kill();
  }
}

/** A connection to a server already stopped: it ends at once, as a killed process does. */
function stoppedConnection(): LiveConnection {
  const stdout = new PassThrough(), stderr = new PassThrough();
  stdout.end();
  stderr.end();
  const stdin = new Writable({ write: (_chunk, _encoding, done) => done() });
  const ended: Ended = { code: null, signal: "SIGKILL" };
  return { stdin, stdout, stderr, pid: undefined, started: Promise.resolve(), ended: Promise.resolve(ended), kill: () => undefined, release: () => undefined };
}
