// Progressive hints for each task, course data like the evidence rules: level 1 is a nudge,
// the last level states the exact rule. None gives the answer or the code, and every hint names
// the part of the chapter to reread (section titles as the chapter prints them).
import type { TaskId } from "./tasks.js";

export interface Hint {
  text: string;
  /** The part of the chapter to reread. */
  reread: string;
}

export const HINTS: Record<TaskId, readonly Hint[]> = {
  task1: [
    {
      text: "Task 1 is a rename and a wrapper, not a transformation. Put the Chapter 1 tool and the MCP tool listing side by side: which parts are the same idea under the same name, and which one has a new name?",
      reread: "Discovering and calling a tool (the list of the parts of a tool definition)",
    },
    {
      text: "Build a new object and return it; do not rename a key inside the object you were given. The result has exactly three keys, and the old schema key must not be one of them.",
      reread: "Hands-on Project, Task 1 — Convert a tool definition",
    },
    {
      text: "The schema is carried over as it is: do not copy it field by field or rebuild it, and do not add a title or an outputSchema. The same goes for name and description, character for character.",
      reread: "Discovering and calling a tool (\"the description and the schema you wrote are carried over unchanged\")",
    },
    {
      text: "The exact rule: toMcp returns a new object with the same name and description and the schema under inputSchema instead of input_schema, unchanged, and no other keys. t1_keys lists the result's keys sorted and joined with commas.",
      reread: "Hands-on Project, Task 1 — Convert a tool definition",
    },
  ],
  task2: [
    {
      text: "Start with the question every server asks first: does this message need an answer at all? Write that branch, then one branch per method the server knows, then one for everything else.",
      reread: "The messages are JSON-RPC (the three kinds of message)",
    },
    {
      text: "A notification is a message with no id key. An id whose value is null is still an id: test whether the key is present, not whether its value is truthy. Every answer repeats the request's id and has jsonrpc \"2.0\".",
      reread: "The messages are JSON-RPC, and Task 2's rule 1",
    },
    {
      text: "initialize does not echo the client's version: the server answers with the one version it supports, whatever was asked. tools/list answers with the converted tool, so reuse your toMcp from task1 rather than writing the MCP shape by hand.",
      reread: "Starting a connection: initialize and capabilities",
    },
    {
      text: "tools/call can fail in two ways, and they travel on two channels. A tool the server does not have means the request could not be handled: an error object. Arguments that fail the schema mean the request was handled and the tool reports a problem the model can read: a normal result with isError true.",
      reread: "When something goes wrong: two kinds of error",
    },
    {
      text: "The exact rules: (1) no id key: null. (2) initialize: the fixed result with protocolVersion 2025-06-18. (3) tools/list: {tools: [toMcp(TOOL)]}. (4) unknown tool: error code -32602, message \"Unknown tool: <name>\". (5) arguments that fail the schema: result, content one text item with the messages joined by \"; \", isError true; an enum message is \"<field> must be one of: <values joined by comma and space>\". (6) valid call: the fixed text \"found 3 lines for <query> in <service>\", isError false. (7) any other method: error -32601 \"Method not found\".",
      reread: "Hands-on Project, Task 2 — Answer the protocol's messages (rules 1 to 7)",
    },
  ],
  task3: [
    {
      text: "serve is the stdio transport without the pipes: out stands for standard output and log for standard error. Ask of every string you push to out: is this a protocol message? Everything else belongs in log, or nowhere.",
      reread: "The failure, before the explanation",
    },
    {
      text: "The number in \"line N\" is the line's position in the input, counting from 1 and counting the empty lines too. Use the loop's index, not a counter you only increase for the lines you keep. A line that is empty after trim() adds nothing to either list.",
      reread: "Hands-on Project, Task 3, step 1",
    },
    {
      text: "Put only the parsing inside try/catch. A line that does not parse is answered with the Parse error response (id null, code -32700). A line that parses goes to your handle; a notification gets null back, and null adds nothing to out.",
      reread: "When something goes wrong: two kinds of error (the JSON-RPC codes), and Task 3, steps 2 and 3",
    },
    {
      text: "JSON.stringify writes keys in the order they were inserted, and with no spaces. Python's sort_keys=True sorts them alphabetically at every level, inside result, error and each tool too, so the line's length depends on it. Write a small function that walks arrays and objects and builds the string with sorted keys.",
      reread: "Hands-on Project, Task 3 (\"Serialise every output line ...\")",
    },
    {
      text: "The exact rule: for every line not empty after trim(), log gets \"line N\"; a line JSON cannot parse puts the Parse error response on out; otherwise handle's answer goes on out unless it is null. Every out line is the response serialised with keys sorted at every level, separators \",\" and \":\" with no spaces, and no newline inside it.",
      reread: "Hands-on Project, Task 3 — Serve lines, keep the output clean",
    },
  ],
};
