// The page's interview questions as a quiz: 1–5 multiple choice (their letters only in the key,
// solutions/mcp-stateless/quiz-key.txt), 6–7 short answers marked by the rule printed under each,
// their accepted answers derived from the pack's own data.
import { readFileSync } from "node:fs";
import path from "node:path";
import { renderQuizMarkdown } from "../../../src/quiz/markdown.js";
import { markQuiz } from "../../../src/quiz/mark.js";
import type { Quiz } from "../../../src/quiz/types.js";
import { PROTOCOL_VERSION } from "./index.js";
import { UNSUPPORTED_PROTOCOL_VERSION } from "../behaviour/model.js";

export const QUIZ_KEY_FILE = "solutions/mcp-stateless/quiz-key.txt";
export const QUIZ_MD_FILE = "tasks/mcp-stateless/quiz.md";

export const QUIZ: Quiz = {
  title: "The protocol from scratch — quiz",
  answersFile: "evidence/stateless-quiz-answers.txt",
  // Examples of the format, not answers.
  examples: ["q4: B", "q7: 12"],
  questions: [
    {
      number: 1, kind: "choice",
      text: "get_order_status is called with an order id that does not exist. What should the server send back?",
      options: {
        A: "A JSON-RPC error with code -32602, because the arguments are wrong",
        B: "A normal result with isError: true and a text the model can read and react to",
        C: "A JSON-RPC error with code -32601, because the order cannot be found",
        D: "Nothing: the client times out and retries",
      },
    },
    {
      number: 2, kind: "choice",
      text: "How does a stateless MCP server ask the user to confirm in the middle of a tool call?",
      options: {
        A: "It sends its own elicitation/create request to the client on the same connection and waits for the answer",
        B: "It keeps the call open in a pending map and finishes it when the client sends notifications/confirmed",
        C: "It returns resultType \"input_required\" with inputRequests; the client asks the user and retries the same call with inputResponses",
        D: "It returns an error with code -32021 and the client calls a second tool to confirm",
      },
    },
    {
      number: 3, kind: "choice",
      text: "Why can any replica behind a load balancer answer the retry of a multi round-trip call?",
      options: {
        A: "Because the retry carries everything the server needs (the arguments and the answers), so the server keeps no memory between rounds",
        B: "Because the replicas share the pending requests through a cache",
        C: "Because the client always reconnects to the replica that answered round 1",
        D: "Because the server stores the question in the session it opened with initialize",
      },
    },
    {
      number: 4, kind: "choice",
      text: "A stdio MCP server prints \"server started\" with a plain print() before it reads its first line. What happens?",
      options: {
        A: "Nothing: the client skips lines that are not JSON",
        B: "The host shows it in its log window, as it does with every stdout line",
        C: "The server is refused because it did not send server/discover first",
        D: "The client reads the text as a message, fails to parse it, and the connection breaks: logs belong on stderr",
      },
    },
    {
      number: 5, kind: "choice",
      text: "What does server/discover return?",
      options: {
        A: "The list of tools and resources with their full schemas",
        B: "A session id the client must put in every later request",
        C: "The protocol versions the server supports, its capabilities and its identity",
        D: "The client's capabilities, echoed back for confirmation",
      },
    },
    {
      number: 6, kind: "short",
      text: "A client sends tools/list with _meta[\"io.modelcontextprotocol/protocolVersion\"] set to \"2025-06-18\" to this server. What is the code of the error, and which versions does its data list as supported?",
      format: "the code, one space, then the supported versions separated by commas with no spaces, for example: -32000 2024-01-01,2024-06-01",
      shape: /^-?\d+ \S+$/,
      accepted: `${UNSUPPORTED_PROTOCOL_VERSION} ${PROTOCOL_VERSION}`,
    },
    {
      number: 7, kind: "short",
      text: "callWithInput calls cancel_order and the server answers input_required every time. How many tools/call requests does the client send before it gives up with \"too many input rounds\"?",
      format: "one whole number, for example: 5",
      shape: /^\d+$/,
      accepted: "3",
    },
  ],
};

/** grade dev check's lint of this pack's quiz: the key marks every question right, quiz.md is the rendering of QUIZ. */
export function lintQuiz(root: string): { name: string; ok: boolean; detail: string }[] {
  const read = (file: string): string | undefined => { try { return readFileSync(path.join(root, file), "utf8"); } catch { return undefined; } };
  const key = read(QUIZ_KEY_FILE);
  const marked = key === undefined ? undefined : markQuiz(QUIZ.questions, key, key);
  const md = read(QUIZ_MD_FILE);
  return [
    { name: "quiz key", ok: marked?.status === "pass", detail: marked ? `${QUIZ_KEY_FILE} marks ${marked.score} of ${marked.maxScore} right` : `${QUIZ_KEY_FILE} is missing` },
    { name: "quiz.md", ok: md === renderQuizMarkdown(QUIZ, "mcp-stateless"), detail: md === undefined ? `${QUIZ_MD_FILE} is missing` : `${QUIZ_MD_FILE} ${md === renderQuizMarkdown(QUIZ, "mcp-stateless") ? "matches" : "differs from"} the quiz data` },
  ];
}
