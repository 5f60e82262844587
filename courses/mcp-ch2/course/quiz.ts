// The chapter's quiz as data. Questions 1-8 are multiple choice and their letters live only in
// the key (solutions/quiz-key.txt, never shipped to students). Questions 9-10 are short answers
// marked by a rule printed under the question; their accepted answers are derived from the
// chapter's own data, like the evidence rules, so the student can check them without the key.
import { METHOD_NOT_FOUND } from "./protocol.js";

import { CHOICE_LETTERS, type ChoiceQuestion, type Quiz, type QuizQuestion, type ShortQuestion } from "../../../src/quiz/types.js";
export { CHOICE_LETTERS, QUIZ_KEY_ENV, type ChoiceLetter, type ChoiceQuestion, type QuizQuestion, type ShortQuestion } from "../../../src/quiz/types.js";

// Question 10's situation: three applications, five systems (the chapter's example had four).
const APPLICATIONS = 3;
const SYSTEMS = 5;

export const QUIZ: readonly QuizQuestion[] = [
  {
    number: 1, kind: "choice",
    text: "In the on-call helper, the model needs ticket data and log data. Which part of the MCP connection holds the one session with the log server?",
    options: {
      A: "The host, which holds every server connection itself",
      B: "A client, created by the host for that one server",
      C: "The log server, which opens a session back to the model",
      D: "The model, which keeps one session per tool",
    },
  },
  {
    number: 2, kind: "choice",
    text: "A server receives {\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}. What does it send back?",
    options: {
      A: "A response with \"id\": null and an empty result",
      B: "An error with code -32600, because the id is missing",
      C: "A response with a new id chosen by the server",
      D: "Nothing: a message with no id is a notification and gets no response",
    },
  },
  {
    number: 3, kind: "choice",
    text: "A client's initialize request asks for a protocol version the server does not support. What does the specification say the server does?",
    options: {
      A: "Answers with an error -32602 Invalid params",
      B: "Answers with the version the client asked for anyway",
      C: "Answers with another protocol version it supports",
      D: "Closes the connection without answering",
    },
  },
  {
    number: 4, kind: "choice",
    text: "A server on the stdio transport wants to report \"loading config...\" while it starts. Where may it write that line?",
    options: {
      A: "To standard error",
      B: "To standard output, as long as it is a single line",
      C: "To standard output, before the initialize request arrives",
      D: "To standard output, prefixed with # so the client skips it",
    },
  },
  {
    number: 5, kind: "choice",
    text: "In this chapter's project, a tools/call for logs_search arrives with service set to \"payments\", which the tool's schema rejects. How is that reported?",
    options: {
      A: "As a protocol error with code -32602 and the message Invalid params",
      B: "As a protocol error with code -32601, because the call cannot be handled",
      C: "As a result with isError true whose text says what to change",
      D: "It is not reported: the server ignores the invalid argument and runs the search",
    },
  },
  {
    number: 6, kind: "choice",
    text: "What changes when the Chapter 1 tool definition becomes an MCP tool?",
    options: {
      A: "The description is rewritten for the client instead of for the model",
      B: "The schema sits under the key inputSchema; name, description and schema carry over unchanged",
      C: "Each tool gets a numeric id, used to pair calls with results",
      D: "The schema is replaced by a list of parameter names",
    },
  },
  {
    number: 7, kind: "choice",
    text: "A server's initialize result declares \"capabilities\": {\"tools\": {\"listChanged\": true}}. What does listChanged say?",
    options: {
      A: "That its tool list has changed since the client's last tools/list",
      B: "That the client may add tools to the server's list",
      C: "That tools may be called before the initialized notification",
      D: "That the server will send a notification when its list of tools changes",
    },
  },
  {
    number: 8, kind: "choice",
    text: "A community server describes one of its tools as read-only in its tool annotations. What does the specification say a client must do with those annotations?",
    options: {
      A: "Consider them untrusted unless they come from a trusted server",
      B: "Trust them, since they were declared during initialize",
      C: "Show them to the model instead of the tool's description",
      D: "Refuse to list any tool that has annotations",
    },
  },
  {
    number: 9, kind: "short",
    text: "The project's server handles initialize, tools/list and tools/call. A client sends it {\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"prompts/list\"}. What are the code and the message of the error in the response?",
    format: "the code, one space, then the message exactly as the response carries it, for example: -32000 Server error",
    shape: /^-?\d+ \S(.*\S)?$/,
    accepted: `${METHOD_NOT_FOUND.code} ${METHOD_NOT_FOUND.message}`,
  },
  {
    number: 10, kind: "short",
    text: `A company runs ${APPLICATIONS} AI applications, and each must reach the same ${SYSTEMS} internal systems. How many integrations does it need with a custom connector for every pair, and how many pieces with one shared protocol?`,
    format: "two whole numbers, the connector count first, separated by a comma with no spaces, for example: 10,7",
    shape: /^\d+,\d+$/,
    accepted: `${APPLICATIONS * SYSTEMS},${APPLICATIONS + SYSTEMS}`,
  },
];

export const QUIZ_SIZE = QUIZ.length;
export const DEFAULT_QUIZ_ANSWERS = "evidence/quiz-answers.txt";

/** The chapter's quiz, as the pack gives it. */
export const CHAPTER_QUIZ: Quiz = { title: "Chapter 2 quiz — Model Context Protocol", questions: QUIZ, answersFile: DEFAULT_QUIZ_ANSWERS, examples: ["q4: C", "q9: -32000 Server error"] };
