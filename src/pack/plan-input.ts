// What a pack plans from (PlanInput), made from a submission's files: one place, so that the CLI's
// grading and the packs' tests plan alike.
import type { PlanInput } from "./types.js";

export function planInput(files: Readonly<Record<string, string>>, refused: Readonly<Record<string, string>>, o: Omit<PlanInput, "has" | "sources">): PlanInput {
  return {
    ...o,
    has: (f) => files[f] !== undefined || refused[f] !== undefined,
    sources: () => Object.entries(files).filter(([path]) => !path.endsWith(".json")).map(([path, text]) => ({ path, text })),
  };
}
