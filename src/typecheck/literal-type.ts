/** The exact type of a JSON value, as TypeScript source: literals, tuples, object literals. */
export function literalType(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literalType).join(", ")}]`;
  if (typeof value !== "object") throw new Error(`a course fixture holds ${String(value)}, which is not JSON`);
  const entries = Object.entries(value as object).map(([k, v]) => `${JSON.stringify(k)}: ${literalType(v)}`);
  return entries.length ? `{ ${entries.join("; ")} }` : "{}";
}
