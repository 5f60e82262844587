import { RUN_FUEL, SUBMISSION_FUEL } from "../sandbox/fuel.js";

// What one submission may use in the sandbox, the same for every pack: its work (fuel, per run and
// for all its runs), its memory, the size of what its calls return (all together), and of what it
// prints. The clock's backstop comes from --timeout.
export const LIMITS = { fuel: RUN_FUEL, budgetFuel: SUBMISSION_FUEL, memoryBytes: 128 * 1024 * 1024, valueChars: 1024 * 1024, outputChars: 16 * 1024 };

// A live server answering one message at a time needs far less than a grading run: its own cap,
// so that it beside the grading's sandbox and type check keeps the process tree within 500 MB.
export const liveLimits = (timeMs: number) => ({ ...LIMITS, memoryBytes: 64 * 1024 * 1024, timeMs });
