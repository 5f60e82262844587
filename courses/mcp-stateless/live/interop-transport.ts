// The SDK client's stdio transport as the interop checks use it: recording every request and
// response the server wrote, and the helpers that read them. Apart from interop.ts, which drives
// the client through the checks.
import type { LiveServer } from "../../../src/live/connection.js";
import { capLines, MAX_LINE_BYTES } from "../../../src/live/line-cap.js";
import { connectionTransport } from "../../../src/live/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import type { Sdk } from "./interop-sdk.js";

// The results the client holds to that rule (it reads server/discover's without them).
export const CACHEABLE = new Set(["tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"]);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);

export const cap = (text: string, n = 300): string => (text.length > n ? `${text.slice(0, n)}…` : text);
export const quote = (value: unknown): string => cap(JSON.stringify(value) ?? String(value));

/** Keys sorted at every level, so two JSON values compare by content. */
export const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) =>
  isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x);

/** One paragraph: zod's issue lists become "path: message; …", every run of whitespace one space. */
export function oneParagraph(text: string): string {
  const at = text.indexOf(": [");
  if (at >= 0) {
    try {
      const issues = JSON.parse(text.slice(at + 2)) as unknown;
      if (Array.isArray(issues) && issues.every((i) => isObject(i) && typeof i["message"] === "string")) {
        const listed = (issues as JsonObject[]).map((i) => `${Array.isArray(i["path"]) && i["path"].length ? `${i["path"].join(".")}: ` : ""}${String(i["message"])}`);
        text = `${text.slice(0, at)}: ${listed.join("; ")}`;
      }
    } catch { /* not an issue list: kept as it is */ }
  }
  return cap(text.replace(/\s+/g, " ").trim(), 600);
}

/** One request the client sent and what came back for it, as the server wrote it. */
export interface Exchange { method: string; request: JsonObject; response?: JsonObject; filled?: string[] }

/**
 * A stdio transport over the grade's live server (src/live/transport.ts, with this SDK's own
 * framing), recording every request and response, and filling in absent cache hints when asked
 * to. Not the SDK's StdioClientTransport, which the SDK would probe on a second process (a
 * "sibling") with its stderr discarded: this one it probes in place, as a subclass of it would be.
 * start() may be called more than once, so the grader can start the server and wait for it to be
 * ready before the client's connect() starts it again.
 */
export function transportClass(s: Sdk) {
  const notConnected = (): Error => new s.SdkError(s.SdkErrorCode.NotConnected, "Not connected");
  return class RecordingTransport extends connectionTransport({ ReadBuffer: s.ReadBuffer, serializeMessage: s.serializeMessage, notConnected }) {
    readonly exchanges = new Map<string, Exchange>();
    readonly clientErrors: string[] = [];
    ended = false;
    private started?: Promise<void>;

    constructor(server: LiveServer, fillHints: boolean) {
      super(server);
      // The base class calls this.onmessage / this.onclose; wrapped here, whoever sets them.
      type Handler = (...args: unknown[]) => void;
      const unwrapped = new WeakMap<Handler, Handler>();
      const intercept = (key: "onmessage" | "onclose", before: (args: unknown[]) => unknown[]): void => {
        let wrapped: Handler | undefined;
        Object.defineProperty(this, key, {
          configurable: true, enumerable: true,
          get: () => wrapped,
          set: (h: Handler | undefined) => {
            // A handler read from here and set back (the SDK's probe saves and restores them) is
            // the same handler, not one wrapped twice.
            const handler = h && (unwrapped.get(h) ?? h);
            wrapped = handler && ((...args: unknown[]) => handler(...before(args)));
            if (wrapped && handler) unwrapped.set(wrapped, handler);
          },
        });
      };
      intercept("onmessage", ([message, ...rest]) => [this.received(message, fillHints), ...rest]);
      intercept("onclose", (args) => { this.ended = true; return args; });
    }

    override start(): Promise<void> {
      return (this.started ??= super.start().then(() => {
        // A line past the cap stops the server (src/live/line-cap.ts): what the client could not read.
        capLines(this.connection, () => this.clientErrors.push(`the server wrote more than ${MAX_LINE_BYTES} bytes without a newline and was stopped`));
      }));
    }

    override send(message: JSONRPCMessage): Promise<void> {
      const m = message as unknown as JsonObject;
      if (typeof m["method"] === "string" && "id" in m && this.exchanges.size < 200) this.exchanges.set(JSON.stringify(m["id"]), { method: m["method"], request: JSON.parse(JSON.stringify(m)) as JsonObject });
      return super.send(message);
    }

    private received(message: unknown, fillHints: boolean): unknown {
      if (!isObject(message) || !("id" in message) || !("result" in message || "error" in message)) return message;
      const exchange = this.exchanges.get(JSON.stringify(message["id"]));
      if (!exchange) return message;
      exchange.response = JSON.parse(JSON.stringify(message)) as JsonObject;
      const result = message["result"];
      if (!fillHints || !isObject(result) || result["resultType"] !== "complete" || !CACHEABLE.has(exchange.method)) return message;
      const missing = { ttlMs: 0, cacheScope: "private" } as const;
      const filled = (Object.keys(missing) as (keyof typeof missing)[]).filter((k) => !(k in result));
      if (filled.length === 0) return message;
      exchange.filled = filled;
      return { ...message, result: { ...result, ...Object.fromEntries(filled.map((k) => [k, missing[k]])) } };
    }

    /** The answer to the last request of this method, as the server wrote it. */
    answerTo(method: string): JsonObject | undefined {
      return [...this.exchanges.values()].filter((e) => e.method === method && e.response).at(-1)?.response;
    }

    filledFor(method: string): string[] {
      return [...new Set([...this.exchanges.values()].filter((e) => e.method === method).flatMap((e) => e.filled ?? []))];
    }

    requestsOf(method: string): number {
      return [...this.exchanges.values()].filter((e) => e.method === method).length;
    }
  };
}

/** What the user answers to a form: yes to every boolean, the first choice of every enum. */
