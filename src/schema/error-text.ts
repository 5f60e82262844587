// Ajv's errors in plain words: "result.tools[0].inputSchema is missing the required field type",
// never Ajv's JSON pointers.
import type { ErrorObject } from "ajv";

/** "/result/tools/0/name" under "the response" -> "result.tools[0].name in the response". */
export function plainPath(pointer: string, where: string): string {
  const steps = pointer.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (steps.length === 0) return where;
  const dotted = steps.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `${i ? "." : ""}${s}` : `[${JSON.stringify(s)}]`)).join("");
  return `${dotted} in ${where}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let here = root;
  for (const step of pointer.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))) {
    // Own fields only: a student's "__proto__" or "constructor" must not read the prototype.
    here = here !== null && typeof here === "object" && Object.hasOwn(here, step) ? (here as Record<string, unknown>)[step] : undefined;
  }
  return here;
}

/** Student text quoted in a message is kept short: the message is read, and may be cached. */
export const clip = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

export const describeValue = (v: unknown): string =>
  v === undefined ? "missing" : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : `${typeof v} ${clip(JSON.stringify(v) ?? String(v))}`;

function describeError(e: ErrorObject, where: string, root: unknown): string {
  const at = clip(plainPath(e.instancePath, where));
  const p = e.params as Record<string, unknown>;
  const actual = (): string => describeValue(valueAt(root, e.instancePath));
  switch (e.keyword) {
    case "required": return `${at} is missing the required field ${clip(String(p["missingProperty"]))}`;
    case "type": return `${at} must be of type ${String(p["type"]).replace(",", " or ")}, but it is ${actual()}`;
    case "const": return `${at} must be exactly ${JSON.stringify(p["allowedValue"])}, but it is ${actual()}`;
    case "enum": return `${at} must be one of ${(p["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, but it is ${actual()}`;
    case "additionalProperties": return `${at} has a field the schema does not allow: ${clip(String(p["additionalProperty"]))}`;
    default: return `${at} ${e.message ?? "is not valid"}`;
  }
}

// With anyOf (a content block may be text, image, ...) Ajv reports each branch's first error and
// then the anyOf itself; the deepest concrete error is the one that tells the student most.
export function describeErrors(errors: readonly ErrorObject[], where: string, root: unknown): string {
  const concrete = errors.filter((e) => !["anyOf", "oneOf", "if"].includes(e.keyword));
  const chosen = (concrete.length ? concrete : errors).reduce<ErrorObject | undefined>((best, e) => (!best || e.instancePath.length > best.instancePath.length ? e : best), undefined);
  return chosen ? describeError(chosen, where, root) : `${where} is not valid`;
}
