// The page's mechanism as a quiz: 1–5 multiple choice (their letters only in the key,
// solutions/mcp-stateful/quiz-key.txt), 6–7 short answers marked by the rule printed under each,
// their accepted answers the grader's model's own (behaviour/model.ts), never typed twice.
import { readFileSync } from "node:fs";
import path from "node:path";
import { renderQuizMarkdown } from "../../../src/quiz/markdown.js";
import { markQuiz } from "../../../src/quiz/mark.js";
import type { Quiz } from "../../../src/quiz/types.js";
import { labTool, ModelServer } from "../behaviour/model.js";

export const QUIZ_KEY_FILE = "solutions/mcp-stateful/quiz-key.txt";
export const QUIZ_MD_FILE = "tasks/mcp-stateful/quiz.md";

const request = (id: number, method: string, params?: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });

/** Question 6: the codes of an unknown tool and of a missing argument, as the model answers them. */
function latticeCodes(): string {
  const server = new ModelServer({ allowedTools: ["add"] });
  server.addTool(labTool("add"));
  server.handle(request(1, "initialize", {}));
  server.handle({ jsonrpc: "2.0", method: "notifications/initialized" });
  const code = (answer: unknown): string => String((answer as { error?: { code: number } }).error?.code);
  return [request(2, "tools/call", { name: "multiply", arguments: { x: 2, y: 3 } }), request(3, "tools/call", { name: "add", arguments: { x: 2 } })]
    .map((m) => code(server.handle(m))).join(" ");
}

/** Question 7's session, and the ids the model answers with an error. */
const GATE_SESSION = [request(1, "initialize", {}), request(2, "tools/list"), { jsonrpc: "2.0", method: "notifications/initialized" }, request(3, "tools/list")];
function refusedIds(): string {
  const server = new ModelServer({ allowedTools: [] });
  const ids = GATE_SESSION.map((m) => server.handle(m)).filter((a) => a !== null && "error" in a).map((a) => String(a!["id"]));
  return ids.join(",") || "none";
}

export const QUIZ: Quiz = {
  title: "Deep Dive: the Model Context Protocol — quiz",
  answersFile: "evidence/stateful-quiz-answers.txt",
  // Examples of the format, not answers.
  examples: ["q2: D", "q6: -32000 -32001", "q7: 5,6"],
  questions: [
    {
      number: 1, kind: "choice",
      text: "A client sends initialize, gets its response, and sends tools/list before it sends notifications/initialized. What does the lab server answer?",
      options: {
        A: "The list of tools: initialize's response already made the session live",
        B: "Nothing: the request waits until notifications/initialized arrives",
        C: "A -32601 error: tools/list is not a method before the handshake",
        D: "A -32600 error (\"server not initialized\"): every method but initialize is gated until notifications/initialized",
      },
    },
    {
      number: 2, kind: "choice",
      text: "The divide tool raises a division-by-zero exception inside tools/call. What does the server send back?",
      options: {
        A: "A result whose content is the text \"ERROR: ...\" with isError: true, which the model can read and react to",
        B: "A JSON-RPC error -32603 (internal error), because a handler raised",
        C: "A JSON-RPC error -32602, because the arguments made the tool fail",
        D: "Nothing: the exception ends the session",
      },
    },
    {
      number: 3, kind: "choice",
      text: "weather (which requires the argument city) is registered on the server but not on this client's allow-list. The client calls it with the arguments {}. What is the answer?",
      options: {
        A: "-32601: to this client the tool does not exist",
        B: "-32602: a required argument is missing",
        C: "-32600: the allow-list is checked before the arguments and before the tool runs",
        D: "A result with isError: true, as for any tool that fails",
      },
    },
    {
      number: 4, kind: "choice",
      text: "The client drains notifications/tools/list_changed from the server. What must it do to keep its tools cache right?",
      options: {
        A: "Apply the added and removed tools listed in the notification's params",
        B: "Send tools/list again: the notification carries no payload, it only says the cache is stale",
        C: "Nothing: the server has already sent the new list with the notification",
        D: "Send initialize again, since the capabilities changed",
      },
    },
    {
      number: 5, kind: "choice",
      text: "What is {\"jsonrpc\": \"2.0\", \"id\": null, \"method\": \"notifications/initialized\"}?",
      options: {
        A: "A notification: a null id is the same as no id",
        B: "A response to the initialize request",
        C: "A valid request, which the server answers with an empty result",
        D: "A request, because the id key is present, and a malformed one (a request's id is never null): the session does not become live",
      },
    },
    {
      number: 6, kind: "short",
      text: "In a live session, a client allowed only add calls tools/call with the name multiply (a tool the server does not have), then tools/call add with the arguments {\"x\": 2} (y is required). Which error code answers each call?",
      format: "the two codes in the order of the calls, separated by one space, for example: -32000 -32001",
      shape: /^-?\d+ -?\d+$/,
      accepted: latticeCodes(),
    },
    {
      number: 7, kind: "short",
      text: `A client sends these messages to a fresh lab server, in this order: ${GATE_SESSION.map((m) => JSON.stringify(m)).join(", ")}. Which of its requests are answered with an error?`,
      format: "the ids of those requests in the order sent, separated by commas with no spaces, or the word none, for example: 5,6",
      shape: /^(none|\d+(,\d+)*)$/,
      accepted: refusedIds(),
    },
  ],
};

/** grade dev check's lint of this pack's quiz: the key marks every question right, quiz.md is the rendering of QUIZ. */
export function lintQuiz(root: string): { name: string; ok: boolean; detail: string }[] {
  const read = (file: string): string | undefined => { try { return readFileSync(path.join(root, file), "utf8"); } catch { return undefined; } };
  const key = read(QUIZ_KEY_FILE);
  const marked = key === undefined ? undefined : markQuiz(QUIZ.questions, key, key);
  const md = read(QUIZ_MD_FILE);
  const rendered = renderQuizMarkdown(QUIZ, "mcp-stateful");
  return [
    { name: "quiz key", ok: marked?.status === "pass", detail: marked ? `${QUIZ_KEY_FILE} marks ${marked.score} of ${marked.maxScore} right` : `${QUIZ_KEY_FILE} is missing` },
    { name: "quiz.md", ok: md === rendered, detail: md === undefined ? `${QUIZ_MD_FILE} is missing` : `${QUIZ_MD_FILE} ${md === rendered ? "matches" : "differs from"} the quiz data` },
  ];
}
