import { describe, expect, it } from "vitest";
import { makeDisplay } from "./paths.js";

describe("paths in student-facing text", () => {
  it("shows the submission's absolute paths as the user named the folder, and leaves relative ones alone", () => {
    const d = makeDisplay("/work/a/b", "/tmp/x");
    expect(d.submission).toBe("../../../tmp/x");
    expect(d.sanitise("at /tmp/x/task2.ts:3 (file:///tmp/x/task1.ts)")).toBe("at ../../../tmp/x/task2.ts:3 (../../../tmp/x/task1.ts)");
    // Already relative, or another folder that ends the same way: not a path that starts there.
    expect(d.sanitise("see ../../tmp/x/task2.ts and /srv/tmp/x/y")).toBe("see ../../tmp/x/task2.ts and /srv/tmp/x/y");
    expect(d.sanitise("/work/a/b/c.ts")).toBe("c.ts");
  });
});
