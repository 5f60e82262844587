// Another of a line's kind (src/pack/line-by-line.ts AnotherOfKind): the lists of serve's
// per-line run hold lines the page does not, each taking the same branch of serve's loop and of
// the page's dispatch as the line it stands for.
import { anotherOfKindBy } from "../../../src/pack/line-by-line.js";
import { ORDERS } from "../course/index.js";
import { CLIENT_INFO_KEY, own } from "./model.js";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The line with other values of its kind under a fresh id, its keys and their order the page's: a
 * request from a client of another name (where its _meta names one), a call of get_order_status
 * for another known order, a cancellation of another request, another text that is not JSON; a
 * blank line stays as it is (blanks are t4_blank_lines'). Each answer has the page's answer's shape,
 * so a mistake of one kind fails it as it failed the page's line, and no key order the page's
 * lines do not have shows a mistake only these lists see (helper 45's serve-first-key-version cost
 * 1 more while their keys were reversed); only a serve that reads each line answers them.
 */
export const anotherOfKind = anotherOfKindBy({
  notification: (message, random) => (message["method"] === "notifications/cancelled" ? JSON.stringify({ ...message, params: { ...(isObject(message["params"]) ? message["params"] : {}), requestId: random.int(100, 999_999) } }) : undefined),
  request: (message, random) => {
    const params = isObject(message["params"]) ? { ...message["params"] } : {};
    const meta = own(params, "_meta");
    const info = isObject(meta) ? own(meta, CLIENT_INFO_KEY) : undefined;
    if (isObject(meta) && isObject(info)) params["_meta"] = { ...meta, [CLIENT_INFO_KEY]: { ...info, name: random.word(2, 10) } };
    if (message["method"] === "tools/call" && own(params, "name") === "get_order_status") params["arguments"] = { ...(isObject(params["arguments"]) ? params["arguments"] : {}), order_id: random.pick(Object.keys(ORDERS)) };
    return JSON.stringify({ ...message, id: random.int(1000, 999_999), params });
  },
});
