// Text a hostile submission puts in its report, and how a terminal and a CI runner would read a
// reporter's output, for the reporters' tests. The runner's reading follows actions/runner
// (ActionCommand.cs): lines end at \n, \r or \r\n; a command is `::name props::data` once .NET
// white space is trimmed, or `##[name props]data` anywhere in the line.
import { REPORT_VERSION, type Report } from "./types.js";

/** An OSC 8 hyperlink, then a carriage return that hides it and a forged annotation. */
export const OSC_LINK = "\u001b]8;;http://x\u0007click\u001b]8;;\u0007\r::error::forged";

export const HOSTILE = [
  OSC_LINK,
  "clear\u001b[2J\u001b[H\u009b31mC1 CSI",
  "looks fine\u202e\u2066txt.exe\u2069",
  "line one\n  ::add-mask::secret\n\t::stop-commands::tok\u2028::set-output name=x::1",
  "\u00a0\u3000::warning file=a.ts::forged\u0085::error::nel",
  "deep ##[set-output name=passed]true and ##vso[task.complete result=Succeeded]",
  "<img src=x onerror=alert(1)> [link](http://evil.example) ![i](http://evil.example/i.png) www.evil.example ann@evil.example",
  "| broken | table | `tick` ``two`` *em* _u_ # \\|",
  "=HYPERLINK(\"http://evil.example\",\"x\")",
  "lone \ud800 surrogate \uffff and NUL \u0000 and DEL \u007f",
].join("\n");

/** What must come through unchanged: letters of many scripts, emoji, the reporters' own marks. */
export const NORMAL = "Grüße, 名前, имя, اسم — café ✓ ✗ 🎉 naïve";

export function hostileReport(text = HOSTILE): Report {
  return {
    version: REPORT_VERSION, submission: `students/${text}`, status: "fail", score: 1, maxScore: 12, evidence: { t1_keys: text },
    evidenceFile: `evidence/${text}.txt`,
    tasks: [
      { task: "task1", title: "Convert a tool definition", status: "fail", score: 1, maxScore: 3, stderr: text, checks: [
        { name: "t1_keys", kind: "evidence", title: "keys", status: "fail", expected: "description,inputSchema,name", actual: text, message: text, hint: "keep them" },
        { name: "t1_shape", kind: "behaviour", title: "works on other tools", status: "fail", expected: text, actual: text, message: text },
        { name: "t1_schema_unchanged", kind: "evidence", title: "schema", status: "pass", actual: "true" },
      ] },
      { task: "task2", title: "Answer the protocol's messages", status: "error", score: 0, maxScore: 9, message: text, checks: [
        { name: "t2_responses", kind: "evidence", title: "responses", status: "skip", message: text },
      ] },
    ],
  };
}

export interface RunnerCommand { name: string; properties: Record<string, string>; data: string }

const unescape = (text: string, map: [string, string][]): string => map.reduce((t, [from, to]) => t.split(from).join(to), text);
const DATA: [string, string][] = [["%0D", "\r"], ["%0A", "\n"], ["%25", "%"]];
const PROPERTY: [string, string][] = [["%0D", "\r"], ["%0A", "\n"], ["%3A", ":"], ["%2C", ","], ["%25", "%"]];

/** Every command a runner would find in the output, whatever its name. */
export function runnerCommands(output: string): RunnerCommand[] {
  const found: RunnerCommand[] = [];
  for (const line of output.split(/\r\n|\r|\n/)) {
    const trimmed = line.replace(/^[\s\u0085]+/, "");
    const end = trimmed.startsWith("::") ? trimmed.indexOf("::", 2) : -1;
    if (end >= 0) {
      const [name = "", ...props] = trimmed.slice(2, end).split(" ");
      const properties = Object.fromEntries(props.join(" ").split(",").filter(Boolean).map((p) => {
        const eq = p.indexOf("=");
        return [p.slice(0, eq), unescape(p.slice(eq + 1), PROPERTY)];
      }));
      found.push({ name, properties, data: unescape(trimmed.slice(end + 2), DATA) });
      continue;
    }
    const legacy = /##(?:vso|teamcity)?\[([^\] ]*)[^\]]*\](.*)/i.exec(line);
    if (legacy) found.push({ name: legacy[1]!, properties: {}, data: legacy[2]! });
  }
  return found;
}

/** Characters a terminal acts on or hides; with colour, only the reporter's own SGR codes are allowed. */
export function terminalHazards(output: string): string[] {
  const withoutOwnColour = output.replace(/\u001b\[\d+m/g, "");
  return withoutOwnColour.match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu) ?? [];
}
