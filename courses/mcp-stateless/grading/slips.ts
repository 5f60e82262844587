// The slips in how this pack's answers are written that one point covers (src/grading/one-slip.ts):
// JSON-RPC's, and the 2026-07-28 result's resultType written otherwise than its two values.
import { JSONRPC_SLIPS, toolRefusalAsError, type AnswerSlip } from "../../../src/pack/answer-slips.js";
import { SERVER_INFO, TOOLS } from "../course/index.js";

const RESULT_TYPES: ReadonlySet<unknown> = new Set(["complete", "input_required"]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const resultType: AnswerSlip = {
  id: "result-type-written-otherwise",
  says: 'a resultType written otherwise than "complete" or "input_required"',
  undo: (answer) => {
    const result = answer["result"];
    if (!isObject(result) || !Object.hasOwn(result, "resultType") || RESULT_TYPES.has(result["resultType"])) return undefined;
    // Which of the two the code meant: a result that asks for more is input_required.
    const meant = Object.hasOwn(result, "inputRequests") ? "input_required" : "complete";
    const fixed = Object.fromEntries(Object.keys(result).map((k) => [k, k === "resultType" ? meant : result[k]]));
    return Object.fromEntries(Object.keys(answer).map((k) => [k, k === "result" ? fixed : answer[k]]));
  },
};

// A tool's refusal is its error result, as the task writes every result: completed, and wrapped
// with the server's _meta where every result is.
const refusal = toolRefusalAsError(Object.keys(TOOLS), (text) => ({ content: [{ type: "text", text }], isError: true, resultType: "complete", _meta: { "io.modelcontextprotocol/serverInfo": SERVER_INFO } }));

export const STATELESS_SLIPS: readonly AnswerSlip[] = [...JSONRPC_SLIPS, resultType, refusal];
