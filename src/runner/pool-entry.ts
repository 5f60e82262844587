// The main module of a sandbox process (the code its boot line receives first, see pool.ts): the
// next message is the harness's code, every later one a job. Serves jobs over IPC until the parent goes away.
import type vm from "node:vm";
import { compileHarness, runInSandbox, type PoolRequest } from "./pool-child.js";

let harness: vm.Script | undefined;
process.on("message", (message: PoolRequest | { harness: string }) => {
  if ("harness" in message) {
    harness = compileHarness(message.harness);
    process.send!({ ready: true });
  }
  else runInSandbox(message, harness!, (reply) => process.send!(reply));
});
process.on("disconnect", () => process.exit(0));
