import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { childrenOf, ended } from "./proc.js";
import { DEFAULT_LIMITS, limitReason, TypeCheckThread } from "./thread.js";

const BURNER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "fixtures", "typecheck", "child-burner.ts");

/** Running `node -e` children of this process's threads (the burner's). */
const burners = (): number[] => readdirSync("/proc/self/task").flatMap((t) => childrenOf(`/proc/self/task/${t}`))
  .filter((pid) => { try { return !ended(pid) && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("-e\0"); } catch { return false; } });

/** The burners started since `before` that are still running once a killed process has had time to end. */
async function leftRunning(before: number[]): Promise<number[]> {
  const started = () => burners().filter((pid) => !before.includes(pid));
  for (let waited = 0; waited < 5_000 && started().length; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return started();
}

describe("the type checker's thread and the processes it starts (TypeScript 7's)", () => {
  const threads: TypeCheckThread[] = [];
  afterAll(() => Promise.all(threads.map((t) => t.close())));
  const thread = (data: object, limits: Partial<typeof DEFAULT_LIMITS>) => {
    const t = new TypeCheckThread(BURNER, { ...DEFAULT_LIMITS, wallMs: 600_000, ...limits }, data);
    threads.push(t);
    return t;
  };

  it("counts a child's CPU as the check's: a child that burns it while the thread waits is stopped at the limit, and killed", async () => {
    const before = burners();
    const stopped = await thread({}, { cpuMs: 500 }).check("/", "/", ["task1"]);
    expect(stopped).toEqual({ task1: { stopped: limitReason.time(500) } });
    expect(await leftRunning(before)).toEqual([]);
  });

  it("holds a child to its resident memory: one that fills it is stopped at the limit, and killed", async () => {
    const before = burners();
    const stopped = await thread({ fill: true }, { cpuMs: 600_000, nativeMb: 128 }).check("/", "/", ["task1"]);
    expect(stopped).toEqual({ task1: { stopped: limitReason.memory(128) } });
    expect(await leftRunning(before)).toEqual([]);
  });

  it("leaves no zombie: a child it killed is reaped by its thread before the thread ends", async () => {
    const zombies = (): number[] => readdirSync("/proc/self/task").flatMap((t) => childrenOf(`/proc/self/task/${t}`)).filter(ended);
    const before = zombies();
    const t = thread({}, { cpuMs: 300 });
    expect(await t.check("/", "/", ["task1"])).toEqual({ task1: { stopped: limitReason.time(300) } });
    await t.close();
    expect(zombies().filter((pid) => !before.includes(pid))).toEqual([]);
  });
});
