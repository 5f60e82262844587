// The differential table's rows for newer-than-node20.ts's table, one per built-in and holder:
// each calls it as a student's file would and returns the error (or "ran"), so that the table
// stays true: Node 20 lacks every one (its call throws under this Node), the sandbox throws
// Node's error in Node's words, and that error's text gets the hint (differential.test.ts).
import { NEWER_THAN_NODE20 } from "../newer-than-node20.js";
import type { Entry } from "./evaluate.js";

// A value to call a prototype's method on, in a variable as a student's code has it.
const SAMPLE: Record<string, string> = {
  "Map.prototype": "new Map([[1, 2]])", "WeakMap.prototype": "new WeakMap()", "Set.prototype": "new Set([1])",
  "ArrayBuffer.prototype": "new ArrayBuffer(8)", "DataView.prototype": "new DataView(new ArrayBuffer(8))",
};

function call(name: string, on: string): string {
  if (on === "globalThis") return `new ${name}(2);`;
  // A helper is named by the hint only where V8's text shows an iterator-making call (newer-than-node20.ts).
  if (on === "Iterator.prototype") return `const list = [1, 2]; list.values().${name}((x) => x);`;
  const sample = SAMPLE[on];
  if (sample !== undefined) return `const value = ${sample}; value.${name}();`;
  return `${on}.${name}();`;
}

/** One row per built-in and holder, with what the hint must name. */
export const NEWER_CASES: { what: string; row: Omit<Entry, "name"> }[] = NEWER_THAN_NODE20.flatMap(({ name, on }) => on.map((holder) => ({
  what: holder === "globalThis" ? name : `${holder}.${name}`,
  row: { code: `'use strict'; try { ${call(name, holder)} return 'ran'; } catch (e) { return [e.name, e.message]; }`, module: true },
})));

export const NEWER_ROWS: Record<string, Omit<Entry, "name">[]> = { "newer than Node 20": NEWER_CASES.map((c) => c.row) };
