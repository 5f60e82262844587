// The class report grade batch writes (OUT/report.html), opened in a real browser: Debian's
// chromium, headless. The page must list every student (after its script ran, without error),
// show their names as text, and render to something other than a blank screen.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { overlay } from "../overlay.js";
import { ROOT, runCli, tempDir, type CliResult } from "./cli.js";
import { colourCount, decodePng } from "./png.js";
import { starterFiles } from "./starters.js";

const FIXTURES = path.join(ROOT, "test", "fixtures");
const HOSTILE_ID = "<b onmouseover=x>eve";

function findChromium(): string | undefined {
  for (const name of [process.env["CHROMIUM"], "chromium", "chromium-browser"]) {
    if (!name) continue;
    try {
      execFileSync(name, ["--version"], { stdio: "ignore", timeout: 30_000 });
      return name;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium) console.log("class report browser test skipped: no chromium on PATH (.ci/run installs Debian's chromium; apt-get install chromium)");

function browse(page: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const profile = tempDir("grade-chromium-");
  const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", `--user-data-dir=${profile}`];
  return new Promise((resolve, reject) => {
    execFile(chromium!, [...flags, ...args, page], { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, stderr })));
  });
}

describe.skipIf(!chromium)("the class report in a browser", () => {
  let repo: string;
  let run: CliResult;
  const ids = ["broken", "good", "printer", "starter", "unsorted", HOSTILE_ID];

  beforeAll(async () => {
    repo = tempDir("grade-class-report-");
    const cls = path.join(repo, "submissions");
    overlay(path.join(cls, "good"));
    overlay(path.join(cls, "printer"), path.join(FIXTURES, "beyond-evidence", "stdout-banner"));
    overlay(path.join(cls, "broken"), path.join(FIXTURES, "submissions", "syntax-error"));
    overlay(path.join(cls, "unsorted"), path.join(FIXTURES, "submissions", "unsorted-keys"));
    overlay(path.join(cls, HOSTILE_ID), path.join(FIXTURES, "submissions", "enum-without-spaces"));
    for (const file of await starterFiles()) cpSync(file.source, path.join(cls, "starter", file.name));
    run = await runCli(["batch", "submissions", "--out", "out", "--jobs", "2"], { cwd: repo });
  }, 180_000);

  it("is written by grade batch, and said so", () => {
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("out/report.html (the class report, for a browser)");
  });

  it("lists every student after its script ran, their names as text", async () => {
    const { stdout: dom } = await browse(path.join(repo, "out", "report.html"), ["--dump-dom"]);
    // Written by the page's script as its last step: it ran, and without an error.
    expect(dom).toContain('data-ready="rendered"');
    expect(dom).toContain("6 students listed");
    for (const [i, id] of [...ids].sort().entries()) expect(dom).toContain(`<a href="#student-${i}">${id.replace("<", "&lt;").replace(">", "&gt;")}</a>`);
    expect(dom).not.toContain("<b onmouseover");
    expect(dom).toMatch(/t2_enum_value[\s\S]*most common failing value|most common failing value[\s\S]*t2_enum_value/);
  }, 120_000);

  it("renders to a page that is not blank: text, the histogram's bars and the pass-rate bars", async () => {
    const shot = path.join(repo, "report.png");
    await browse(path.join(repo, "out", "report.html"), [`--screenshot=${shot}`, "--window-size=1200,1400"]);
    const image = decodePng(readFileSync(shot));
    expect([image.width, image.height]).toEqual([1200, 1400]);
    expect(colourCount(image)).toBeGreaterThan(20);
    const has = (rgb: number[]): boolean => {
      for (let i = 0; i < image.pixels.length; i += image.channels) if (rgb.every((v, k) => image.pixels[i + k] === v)) return true;
      return false;
    };
    expect(has([0x3b, 0x6f, 0xd8])).toBe(true); // the histogram's bars
    expect(has([0x2f, 0x9e, 0x44])).toBe(true); // a rule's pass rate
  }, 120_000);
});
