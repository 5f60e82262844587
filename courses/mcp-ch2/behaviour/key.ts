// The answer key this copy of the grader judges with. In the course repository: the model. The
// student edition replaces this file with one that reads its practice data (courses/mcp-ch2/edition/edition.ts).
export { MODEL_KEY as ANSWER_KEY } from "./model-key.js";
