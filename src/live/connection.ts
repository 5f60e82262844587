// What a live check talks to: a connection to a server, as a host sees a stdio server (its
// stdin, stdout and stderr, and how it ended), whether the server is a process of its own or one
// connection of the grade's shared live server (shared-server.ts).
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/** A command that starts a server on its own stdio. */
export interface ServerCommand { command: string; args: string[]; env: Record<string, string> }

export interface Ended { code: number | null; signal: NodeJS.Signals | null; error?: Error }

export interface LiveConnection {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** The server's process (its group is the server's own), once started. */
  readonly pid: number | undefined;
  /** Resolves once the server runs; rejects when it could not be started. */
  readonly started: Promise<void>;
  /** Resolves once the connection is over: how it ended, as a process's exit. */
  readonly ended: Promise<Ended>;
  /** Stops the server at once, whatever it is doing (its whole process group). */
  kill(): void;
  /** The check is done with it: stopped unless it ended cleanly and its server can serve again. */
  release(): void;
}

/** Each connection a fresh connection to a server. */
export interface LiveServer { connect(): LiveConnection }

/** Kills a process's group (it leads one: spawned detached), or the process alone. */
export function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try { process.kill(-pid, "SIGKILL"); } catch { try { process.kill(pid, "SIGKILL"); } catch { /* already gone */ } }
}

/** A server started by `command` for each connection, on its own stdio, in a process group of its own. */
export function processServer(command: ServerCommand): LiveServer {
  return {
    connect(): LiveConnection {
      const child = spawn(command.command, command.args, { stdio: ["pipe", "pipe", "pipe"], env: command.env, detached: true });
      const started = new Promise<void>((resolve, reject) => { child.once("spawn", resolve); child.once("error", reject); });
      started.catch(() => undefined);
      const ended = new Promise<Ended>((resolve) => {
        child.once("error", (error) => resolve({ code: null, signal: null, error }));
        child.once("close", (code, signal) => resolve({ code, signal }));
      });
      const kill = (): void => killGroup(child.pid);
      return { stdin: child.stdin, stdout: child.stdout, stderr: child.stderr, get pid() { return child.pid; }, started, ended, kill, release: kill };
    },
  };
}
