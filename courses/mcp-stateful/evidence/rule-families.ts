// The lab server's general rules (task 2) in families (src/pack/score.ts, `through` and `cause`):
// each reads through the lines whose fixtures take the same path and through the envelope, which
// every response shows; while those hold, a family's failure is a mistake of its own and costs its
// point beside any other mistake (the judge charges each failed step to the one rule it breaks).
// A server without the gate, resources, prompts, a second initialize or isolation kept 17/18
// behind "one point a kind, at full marks only".
import { family as ruleFamily, withRules, type Points } from "../../../src/pack/score.js";
import { LINE_RULES } from "./line-rules.js";

const EVERY_RESPONSE: string[] = [];
// Each list's lines count with their own rules (the fixture's case in other sessions).
const family = (cause: string, through: string[]): Points => ruleFamily(cause, [...withRules(through, LINE_RULES), ...EVERY_RESPONSE]);
export const HANDSHAKE_LINES = ["t2_init_version", "t2_init_capabilities"];
export const TOOL_LINES = ["t2_tool_names", "t2_add_text", "t2_delete_db_code", "t2_outbox", "t2_tools_after"];

export const TASK2_FAMILIES: Record<string, Points> = {
  // The schema's envelope is t2_envelope's on the same responses: an id written null on every
  // error fails both (c-error-id-null), one slip, one point (as chapter 2's t2_schema_id).
  t2_schema_responses: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true, sameRuleAs: "t2_envelope" },
  // An early initialized with jsonrpc "1.0" is t2_notifications' input too: a jsonrpc test below
  // the initialize branches opens the gate with it (c-jsonrpc-after-initialize, one slip). Not
  // read through t2_notifications (whose other rules, id null among them, are other mistakes):
  // t2_notifications failing by that slip alone is charged here (grading/gate-slips.ts).
  // Every response's envelope: a mistake of its own beside any other (an outbox notification with
  // an id was free below full marks, and it voided every family that read through it).
  t2_envelope: family("envelope", []),
  t2_handshake: family("gate", HANDSHAKE_LINES),
  t2_initialize_again: family("initialize again", HANDSHAKE_LINES),
  t2_prompts_resources: family("prompts and resources", HANDSHAKE_LINES),
  // State kept on the module instead of the instance: the lines are made after 200 other sessions.
  t2_isolation: family("isolation", [...HANDSHAKE_LINES, ...TOOL_LINES]),
};

// response(), which no line reads: a mistake of its own beside any other (a response() that
// ignored its result was free below full marks).
export const TASK1_FAMILIES: Record<string, Points> = {
  t1_response_built: ruleFamily("response", []),
};

// The client's general rules (task 3), a family each. Its ids are judged only in the ops whose
// requests were the model's (client/rules.ts idsProblem): no slip of the trace's lines (which
// methods were sent, what a call returns, a pump that never re-fetches) reaches them, so an id
// mistake is one of its own beside any of those (a-client-ids-pump: ids from Date.now() beside a
// pump that re-fetches on any notification cost 1, the ids free below full marks; helper 74's
// client-slip-pump-ids kept 17/18 while the ids read through the trace's lines). The schema of what
// the client sends is what t3_handshake and t3_messages judge on the same messages: through them.
export const TASK3_FAMILIES: Record<string, Points> = {
  t3_ids: ruleFamily("client ids", []),
  t3_schema_messages: ruleFamily("client messages' schema", withRules(["t3_sent_methods"], LINE_RULES)),
};
