// What the MCP specification lets any response carry beyond the fields a course's rule fixes
// (issue 20 item 5: where the page and the specification differ, accept both): an error's `data`
// (JSON-RPC 2.0, 5.1: "may be omitted"), a result's `_meta` (Result._meta, an object) and
// initialize's `instructions` (InitializeResult, an optional string) and its serverInfo's optional
// fields (Implementation's: INFO_EXTRAS), a tool result's structuredContent; and
// in a result's lists, the optional fields of the specification's objects (`ITEM_EXTRAS`: a tool's
// title and outputSchema, a text block's annotations, a resource content's _meta), a capability's
// flags set to false (absent means false) and the experimental capabilities. A check that compares a response with the rules'
// answer judges it without them when that answer has none, so a student who follows the
// specification there loses nothing, and one who writes the page's answer neither.
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const without = (o: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: _, ...rest } = o;
  return rest;
};

// The optional fields of each list's items in the 2025-06-18 schema (Tool, Resource,
// ResourceTemplate, Prompt, PromptArgument, TextResourceContents, TextContent), and of a prompt
// message's content block.
const BLOCK = ["_meta", "annotations"];
const ITEM_EXTRAS: Record<string, readonly string[]> = {
  // icons (each) and a tool's execution: 2025-11-25's.
  tools: ["title", "_meta", "annotations", "outputSchema", "icons", "execution"],
  resources: ["title", "_meta", "annotations", "description", "mimeType", "size", "icons"],
  resourceTemplates: ["title", "_meta", "annotations", "description", "mimeType", "icons"],
  prompts: ["title", "_meta", "description", "icons"],
  arguments: ["title", "description"],
  contents: ["_meta", "mimeType"],
  content: BLOCK,
};

// Implementation's optional fields (serverInfo): title from 2025-06-18; description, icons and
// websiteUrl from 2025-11-25 (a server following that revision lost t2_initialize beside the
// line: helper 115's c-spec-2025-11-25-serverinfo-fields), each of its own type.
const INFO_EXTRAS: readonly [string, (v: unknown) => boolean][] = [
  ["title", (v) => typeof v === "string"], ["description", (v) => typeof v === "string"],
  ["websiteUrl", (v) => typeof v === "string"], ["icons", Array.isArray],
];

/** `item` without the optional `fields` that `want` does not have. */
function withoutOptional(item: Record<string, unknown>, want: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  let out = item;
  for (const field of fields) if (Object.hasOwn(out, field) && !Object.hasOwn(want, field)) out = without(out, field);
  return out;
}

/** An object's lists of the specification's objects (and a prompt's arguments, a message's content) without the optional fields `want`'s lack. */
function withoutItemExtras(object: Record<string, unknown>, want: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const [key, fields] of Object.entries(ITEM_EXTRAS)) {
    const items = object[key];
    const wanted = want[key];
    if (!Array.isArray(items) || !Array.isArray(wanted) || items.length !== wanted.length) continue;
    const changed = items.map((item, i) => {
      const w = wanted[i];
      return isObject(item) && isObject(w) ? withoutItemExtras(withoutOptional(item, w, fields), w) : item;
    });
    if (changed.some((item, i) => item !== items[i])) out = { ...out, [key]: changed };
  }
  // prompts/get's messages: each message's content is one block.
  const messages = object["messages"];
  const wanted = want["messages"];
  if (Array.isArray(messages) && Array.isArray(wanted) && messages.length === wanted.length) {
    const changed = messages.map((m, i) => {
      const w = wanted[i];
      return isObject(m) && isObject(w) && isObject(m["content"]) && isObject(w["content"]) ? { ...m, content: withoutOptional(m["content"], w["content"], BLOCK) } : m;
    });
    if (changed.some((m, i) => m !== messages[i])) out = { ...out, messages: changed };
  }
  return out;
}

/**
 * A capabilities object without its capabilities' flags set to false (a flag is an optional
 * boolean, absent meaning false: {"subscribe": false} says what {} says), but for those `want`'s
 * has, and without `experimental` (ServerCapabilities': "experimental, non-standard capabilities
 * that the server supports", an object no rule fixes) where `want` has none; itself when it has none.
 */
export function plainCapabilities(capabilities: unknown, want?: unknown): unknown {
  if (!isObject(capabilities)) return capabilities;
  let changed = false;
  if (isObject(capabilities["experimental"]) && !(isObject(want) && Object.hasOwn(want, "experimental"))) {
    capabilities = without(capabilities, "experimental");
    changed = true;
  }
  const plain = Object.fromEntries(Object.entries(capabilities as Record<string, unknown>).map(([key, cap]) => {
    if (!isObject(cap)) return [key, cap];
    const w = isObject(want) && isObject(want[key]) ? want[key] : {};
    const kept = Object.entries(cap).filter(([flag, v]) => !(v === false && !Object.hasOwn(w, flag)));
    if (kept.length === Object.keys(cap).length) return [key, cap];
    changed = true;
    return [key, Object.fromEntries(kept)];
  }));
  return changed ? plain : capabilities;
}

/** `actual` without the extras above that `expected` does not have; `actual` itself when it has none. */
export function withoutSpecExtras(actual: unknown, expected: unknown): unknown {
  if (!isObject(actual) || !isObject(expected)) return actual;
  let out = actual;
  const error = actual["error"];
  if (isObject(error) && Object.hasOwn(error, "data") && !(isObject(expected["error"]) && Object.hasOwn(expected["error"], "data"))) out = { ...out, error: without(error, "data") };
  const result = actual["result"];
  const want = isObject(expected["result"]) ? expected["result"] : {};
  if (isObject(result)) {
    let r = result;
    if (isObject(r["_meta"]) && !Object.hasOwn(want, "_meta")) r = without(r, "_meta");
    if (typeof r["instructions"] === "string" && !Object.hasOwn(want, "instructions") && typeof want["protocolVersion"] === "string") r = without(r, "instructions");
    const info = r["serverInfo"];
    if (isObject(info) && typeof want["protocolVersion"] === "string") {
      const wantInfo = isObject(want["serverInfo"]) ? want["serverInfo"] : {};
      let plain = info;
      for (const [field, fits] of INFO_EXTRAS) if (Object.hasOwn(plain, field) && fits(plain[field]) && !Object.hasOwn(wantInfo, field)) plain = without(plain, field);
      if (plain !== info) r = { ...r, serverInfo: plain };
    }
    // CallToolResult's structuredContent (2025-06-18: optional, an object), where the rules' tool result has none.
    if (isObject(r["structuredContent"]) && Array.isArray(want["content"]) && !Object.hasOwn(want, "structuredContent")) r = without(r, "structuredContent");
    r = withoutItemExtras(r, want);
    // Against capabilities the answer has only: stripped from both sides (want {}), a false flag
    // the page spells out would be gone from the rules' answer too.
    const caps = isObject(want["capabilities"]) ? plainCapabilities(r["capabilities"], want["capabilities"]) : r["capabilities"];
    if (caps !== r["capabilities"]) r = { ...r, capabilities: caps };
    if (r !== result) out = { ...out, result: r };
  }
  return out;
}
