import { describe, expect, it } from "vitest";
import { UserError } from "./errors.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { parseReporters, parseTaskNames, parseTimeout } from "./options.js";

const parseTasks = (args: readonly string[]): string[] => parseTaskNames(pack, args);

describe("parseTaskNames", () => {
  it("defaults to every task and accepts names, numbers and all, in the course's order", () => {
    expect(parseTasks([])).toEqual(["task1", "task2", "task3"]);
    expect(parseTasks(["task3", "1"])).toEqual(["task1", "task3"]);
    expect(parseTasks(["TASK2", "all"])).toEqual(["task1", "task2", "task3"]);
  });
  it("rejects anything else with a UserError", () => {
    expect(() => parseTasks(["task4"])).toThrow(UserError);
  });
});

describe("parseTimeout", () => {
  it("takes whole milliseconds within bounds", () => {
    expect(parseTimeout(undefined)).toBeUndefined();
    expect(parseTimeout("2500")).toBe(2500);
    for (const bad of ["0", "1.5", "abc", "99", "600001"]) expect(() => parseTimeout(bad)).toThrow(/whole number of milliseconds/);
  });
});

describe("parseReporters", () => {
  const known = ["pretty", "json"];
  it("defaults to pretty on stdout and splits NAME=FILE", () => {
    expect(parseReporters([], known)).toEqual([{ name: "pretty" }]);
    expect(parseReporters(["pretty", "json=out/r.json"], known)).toEqual([{ name: "pretty" }, { name: "json", file: "out/r.json" }]);
  });
  it("rejects unknown names, empty files and two reporters on stdout", () => {
    expect(() => parseReporters(["tap"], known)).toThrow(/no reporter "tap"/);
    expect(() => parseReporters(["json="], known)).toThrow(/needs a file name/);
    expect(() => parseReporters(["json", "pretty"], known)).toThrow(/Only one reporter can write to stdout/);
  });
});
