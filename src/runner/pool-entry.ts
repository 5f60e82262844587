// The main module of a sandbox process: serve jobs over IPC until the parent goes away.
import { runInSandbox, type PoolRequest } from "./pool-child.js";

process.on("message", (request: PoolRequest) => { process.send!(runInSandbox(request)); });
process.on("disconnect", () => process.exit(0));
