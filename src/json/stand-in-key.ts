// The key a stand-in's table is read by (sandbox/protocol.ts StandIn): a call's arguments as JSON
// with every object's keys sorted, so that the same message built in another key order finds the
// same answer. guest.js computes the same text inside the engine (its canonical()); the two are
// held equal by stand-in.test.ts.

function canonical(value: unknown, depth: number): string | undefined {
  if (depth > 200) throw new TypeError("nested too deeply");
  if (value === null) return "null";
  switch (typeof value) {
    case "string": case "number": case "boolean": return JSON.stringify(value);
    case "object": break;
    default: return undefined;
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1) ?? "null").join(",")}]`;
  const parts: string[] = [];
  for (const name of Object.keys(value as object).sort()) {
    const item = canonical((value as Record<string, unknown>)[name], depth + 1);
    if (item !== undefined) parts.push(`${JSON.stringify(name)}:${item}`);
  }
  return `{${parts.join(",")}}`;
}

/** The table's key for a call with these arguments (JSON values); trailing undefined ones left out, as a call without them. */
export function standInKey(args: readonly unknown[]): string {
  let length = args.length;
  while (length > 0 && args[length - 1] === undefined) length--;
  return canonical(args.slice(0, length), 0)!;
}
