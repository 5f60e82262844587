// How a message is named in messages to the student: "the message with id 4 (tools/call deploy_nuke)".
export function describeMessage(message: unknown): string {
  if (message === null || typeof message !== "object") return "a message";
  const m = message as { id?: unknown; method?: unknown; params?: { name?: unknown } };
  const method = typeof m.method === "string" ? m.method : "?";
  const tool = method === "tools/call" && typeof m.params?.name === "string" ? ` ${m.params.name}` : "";
  return "id" in m ? `the message with id ${JSON.stringify(m.id)} (${method}${tool})` : `the notification ${method}`;
}
