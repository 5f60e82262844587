// What the grader hands a live server (live-server.ts) in its request file, and the line the
// server writes on stderr once the student's module is loaded.
import type { SandboxRequest } from "./protocol.js";
import type { ModuleSources } from "./resolve.js";

export const SERVER_READY = "grade serve: serving handle from";

export interface LiveRequest {
  wasmPath: string;
  guest: string;
  modules: ModuleSources;
  submission: Pick<SandboxRequest, "files" | "refused" | "limits" | "shownAs">;
  entry: string;
  exportName: string;
  label: string;
}
