// The pack's runner as the type check sees it (src/typecheck/probe-spec.ts): each export, called
// on the pack's own fixtures with their exact types, its result assigned to what the runner
// needs (caller-types.ts). The client's send and ask are the runner's mock: they take any
// message and their answers are not the client's to type.
import path from "node:path";
import { literalType } from "../../../src/typecheck/literal-type.js";
import type { ProbeSpec } from "../../../src/typecheck/probe-spec.js";
import { CHECK_ARGS_CASES, CHECK_ARGS_NAMES, MESSAGES } from "../course/fixtures.js";
import { TASKS } from "../grading/plan.js";

const signature = (id: string): string => TASKS.find((t) => t.id === id)!.signature;
const RESPONSE = "a response (an object with jsonrpc, id, and a result or an error)";

export function statelessSpec(packageRoot: string): ProbeSpec {
  const here = path.join(packageRoot, "courses", "mcp-stateless");
  const callerTypes = path.join(here, "typecheck", "caller-types.ts");
  const preamble = [
    `import type { UsableAs, UsableResponse, UsableServeResult, UsableToolResult } from ${JSON.stringify(callerTypes)};`,
    ...CHECK_ARGS_NAMES.map((n) => `declare const CHECK_ARGS_${n}: ${literalType(CHECK_ARGS_CASES[n])};`),
    ...MESSAGES.map((m, i) => `declare const MESSAGES_${i}: ${literalType(m)};`),
    "declare const LINES: string[];",
    "declare const SEND: (message: unknown) => any;",
    "declare const ASK: (question: unknown) => any;",
  ].join("\n");
  return {
    courseModule: path.join(here, "course", "index.ts"),
    graderFiles: [path.join(here, "course", "index.ts"), callerTypes],
    preamble,
    tasks: [
      { id: "task1", file: "task1.ts", exports: [{
        name: "checkArgs", signature: signature("task1"), use: "readonly string[]", needs: "a list of strings (the problems found)",
        calls: CHECK_ARGS_NAMES.map((n) => ({ args: `...CHECK_ARGS_${n}`, shown: `checkArgs(...CHECK_ARGS_CASES.${n})` })),
      }] },
      { id: "task2", file: "task2.ts", exports: [{
        name: "handle", signature: signature("task2"), needs: `${RESPONSE}, or null when no response is due`,
        use: "UsableAs<Exclude<$R, null | undefined | void>, UsableResponse> | null | undefined | void",
        calls: MESSAGES.map((m, i) => ({ args: `MESSAGES_${i}`, shown: `handle(MESSAGES[${i}] (${String(m["method"])}))` })),
      }] },
      { id: "task3", file: "task3.ts", exports: [
        {
          name: "request", signature: signature("task3"), use: "UsableAs<$R, UsableResponse>", needs: RESPONSE,
          calls: [
            { args: `"server/discover", undefined, SEND`, shown: `request("server/discover", undefined, send)` },
            { args: `"tools/list", {}, SEND`, shown: `request("tools/list", {}, send)` },
          ],
        },
        {
          name: "callWithInput", signature: "(name: string, args: JsonObject, send: Send, ask: Ask) => ToolResult",
          use: "UsableAs<$R, UsableToolResult>", needs: "the tool's result (content, isError)",
          calls: [{ args: `"cancel_order", { order_id: "A101" }, SEND, ASK`, shown: `callWithInput("cancel_order", { order_id: "A101" }, send, ask)` }],
        },
      ] },
      { id: "task4", file: "task4.ts", exports: [{
        name: "serve", signature: signature("task4"), use: "UsableAs<$R, UsableServeResult>", needs: "{ out, log }: an object holding two lists of strings",
        calls: [{ args: "LINES", shown: "serve(LINES)" }],
      }] },
    ],
  };
}
