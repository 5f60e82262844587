// What the grader hands a live server (live-server.ts) in its request file, the line the server
// writes on a connection's log once the student's module is loaded, and the status line it writes
// after each connection when it serves several.
import type { SandboxRequest } from "./protocol.js";
import type { ModuleSources } from "./resolve.js";

export const SERVER_READY = "grade serve: serving handle from";

export interface LiveRequest {
  wasmPath: string;
  guest: string;
  modules: ModuleSources;
  submission: Pick<SandboxRequest, "files" | "refused" | "limits" | "shownAs" | "standIns">;
  entry: string;
  exportName: string;
  label: string;
}

/** After connection `connection` ended with `code`: whether the next one is served in this process. */
export interface ConnectionStatus { connection: number; code: 0 | 1; next: boolean }

/**
 * A process serves a next connection only while it has used less than this: a fresh process
 * would have its whole processor-time limit (live.ts) and its memory, and the reference's server
 * uses a fraction of both, so a submission near either limit is served afresh, as before.
 */
export const REUSE_LIMITS = { cpuMs: 2000, rssBytes: 160 * 1024 * 1024 };
