// Requests from clients other than the page's: the same protocol version, with clientCapabilities
// and clientInfo the page's client never sends, each allowed by the MCP schema (ClientCapabilities:
// elicitation, experimental, extensions, roots, sampling; Implementation: title, description,
// websiteUrl). No rule reads them, so a handle that follows the rules answers as for the page's
// client. Bad arguments and unknown tools came only from the page's client, and checkArgs or the
// unknown tool's -32602 skipped for any other kept every point (cheats-round-2026-12-07i
// sl-args-page-capabilities, sl-unknown-tool-page-capabilities). Picked by index, without a draw.
import { CLIENT_META } from "../course/fixtures.js";
import { CAPABILITIES_KEY, CLIENT_INFO_KEY, isObject } from "./model.js";

type Json = Record<string, unknown>;

/** Capabilities that hold no elicitation form, or more than it. */
const OTHER_CAPABILITIES: readonly Json[] = [
  {}, { sampling: {} }, { roots: { listChanged: true } }, { elicitation: { form: {}, url: {} } },
  { experimental: { "com.example/beta": {} } }, { sampling: { tools: {} }, roots: {}, elicitation: { form: {} } },
  { extensions: { "io.example/ui": {} } }, { elicitation: { url: {} } },
];
/**
 * What a cancel_order call's client declares: an elicitation form and more. A server may refuse to
 * ask a client that cannot answer a form (the page's rules never say), so such calls keep the form.
 */
const WITH_FORM: readonly Json[] = [
  { elicitation: { form: {} }, sampling: {} }, { elicitation: { form: {}, url: {} } },
  { elicitation: { form: {} }, roots: { listChanged: true }, experimental: { "com.example/beta": {} } },
];
const OTHER_CLIENT_INFO: readonly Json[] = [
  { name: "claude-code", version: "2.1.0", title: "Claude Code" },
  { name: "inspector", version: "0.17.2", websiteUrl: "https://example.com/inspector" },
  { name: "orders-cli", version: "1.0.0-beta.3", title: "Orders CLI", description: "A terminal client for the orders server" },
];

/** The page's _meta with the `i`-th other client's capabilities and clientInfo. */
export function otherClientMeta(i: number, keepForm = false): Json {
  const capabilities = keepForm ? WITH_FORM[i % WITH_FORM.length]! : OTHER_CAPABILITIES[i % OTHER_CAPABILITIES.length]!;
  return { ...CLIENT_META, [CAPABILITIES_KEY]: structuredClone(capabilities), [CLIENT_INFO_KEY]: { ...OTHER_CLIENT_INFO[i % OTHER_CLIENT_INFO.length]! } };
}

/** The request again as the `i`-th other client sends it (a cancel_order call keeps the form); other messages as they are. */
export function fromOtherClient(message: unknown, i: number): unknown {
  if (!isObject(message) || !isObject(message["params"]) || !isObject(message["params"]["_meta"])) return message;
  const params = message["params"];
  return { ...message, params: { ...params, _meta: otherClientMeta(i, params["name"] === "cancel_order") } };
}

/** Every other message (the odd places) from another client. */
export const everyOtherFromOtherClients = (messages: readonly unknown[]): unknown[] =>
  messages.map((m, i) => (i % 2 ? fromOtherClient(m, (i - 1) / 2) : m));
