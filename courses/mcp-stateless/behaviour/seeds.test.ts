// The reference solution at full marks on every seed tried (test/seed-sweep.ts; GRADE_SEEDS=N for a long sweep).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sweepSeeds } from "../../../test/seed-sweep.js";
import pack from "../pack.js";

sweepSeeds(pack, path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "solutions", "mcp-stateless"));
