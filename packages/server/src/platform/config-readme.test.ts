// Every setting the server reads must be in the README's settings table: an operator reads that table, not
// config.ts. The settings are found by loading the configuration over an environment that records each name
// asked for, so a new setting is caught however config.ts reads it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, repoRoot } from "./config";

function settingsRead(): string[] {
  const asked = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_, name) {
      if (typeof name === "string") asked.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return [...asked].sort();
}

/** The variable names in the first column of the README's "Configuration" table. */
function settingsDocumented(): Set<string> {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const names = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return new Set(names);
}

describe("the README's settings table", () => {
  it("names every setting config.ts reads", () => {
    const read = settingsRead();
    expect(read.length).toBeGreaterThan(20);
    const documented = settingsDocumented();
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });
});
