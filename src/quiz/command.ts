// The quiz's command as grade prints it (status, watch, quiz.md). grade quiz takes no --dir, so
// it names the pack, unless it is the course's default.
import { defaultPackId } from "../pack/registry.js";

export function quizCommandLine(packId: string): string {
  return packId === defaultPackId() ? "npx grade quiz" : `npx grade quiz --pack ${packId}`;
}
