import { describe, expect, it } from "vitest";
import { SERVER_READY } from "../sandbox/live-protocol.js";
import { answeredIds } from "./answered-ids.js";
import { processServer } from "./connection.js";

// A stdio server in a line of node: ready on stderr, then each line answered unless `skip(id)`.
const server = (skip: string) => processServer({
  command: process.execPath,
  args: ["-e", `process.stderr.write(${JSON.stringify(`${SERVER_READY} x\n`)});
require("node:readline").createInterface({ input: process.stdin }).on("line", (l) => {
  const m = JSON.parse(l); if (!(${skip})(m.id)) process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, result: {} }) + "\\n");
});`],
  env: {},
});

describe("which ids a live server answers", () => {
  const ping = { jsonrpc: "2.0", method: "ping" };
  it("reads the ids answered, in the order sent", async () => {
    expect(await answeredIds(server("() => false"), ping, [0, 1, "x"], 20_000)).toEqual([0, 1, "x"]);
  });
  it("leaves out an id the server took for no id", async () => {
    expect(await answeredIds(server("(id) => !id"), ping, [0, 1], 20_000)).toEqual([1]);
  });
  it("reads nothing from a run that did not end normally", async () => {
    expect(await answeredIds(server("() => process.exit(3)"), ping, [0, 1], 20_000)).toBeUndefined();
  });
});
