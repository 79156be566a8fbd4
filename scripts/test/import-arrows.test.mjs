// The import arrows of biome.json can fail: each wrong import below must be refused by `biome lint`, and each
// right one must pass. The fixtures are linted in a scratch copy of the tree's layout with the real biome.json,
// so the working tree never holds a file that breaks the lint of others.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../lib.mjs";

const wrong = [
  ["packages/game/src/f.ts", 'import { spawn } from "node:child_process";'],
  ["packages/game/src/f.ts", 'import { readFileSync } from "fs";'],
  ["packages/game/src/f.ts", 'import { z } from "zod";'],
  ["packages/game/src/f.ts", 'import { z } from "zod/mini";'],
  ["packages/game/src/f.ts", 'import { routes } from "@bot-arena/contract";'],
  ["packages/game/src/sub/f.ts", 'import { buildApp } from "../../../server/src/app";'],
  ["packages/images/src/f.ts", 'import { writeFile } from "node:fs/promises";'],
  ["packages/images/src/f.ts", 'import { createHash } from "crypto";'],
  ["packages/images/src/f.ts", 'import { z } from "zod";'],
  ["packages/images/src/f.ts", 'import { createRng } from "@bot-arena/game";'],
  ["packages/images/src/f.ts", 'import { storeBotImage } from "../../server/src/features/bots/images";'],
  ["packages/contract/src/f.ts", 'import { buildApp } from "../../server/src/app";'],
  ["packages/contract/src/f.ts", 'import { readFileSync } from "node:fs";'],
  // Schemas are built with ./zod, which makes zod jitless in a page before any schema exists.
  ["packages/contract/src/f.ts", 'import { z } from "zod";'],
  ["packages/web/src/features/x/f.ts", 'import { buildApp } from "../../../../server/src/app";'],
  ["packages/web/src/f.ts", 'import type { App } from "@bot-arena/server/app";'],
  ["packages/web/src/f.ts", 'import { createHash } from "node:crypto";'],
  ["packages/server/src/f.ts", 'import { AppRouter } from "../../web/src/app/router";'],
  ["packages/server/src/f.ts", 'import { x } from "@bot-arena/web";'],
];

const right = [
  ["packages/game/src/f.ts", 'import { Coins } from "./types";'],
  ["packages/images/src/f.ts", 'import { el } from "./svg";'],
  ["packages/contract/src/f.ts", 'import { z } from "./zod";\nimport { Coins } from "@bot-arena/game";'],
  [
    "packages/web/src/f.ts",
    'import { routes } from "@bot-arena/contract";\nimport { Coins } from "@bot-arena/game";',
  ],
  [
    "packages/server/src/f.ts",
    'import { readFileSync } from "node:fs";\nimport { serveWeb } from "./platform/web";',
  ],
  ["packages/server/src/f.ts", 'import { renderMechaSvg } from "@bot-arena/images";'],
];

const scratches = [];

/** Lints one fixture in a scratch folder of its own (the real biome.json at its root); the arrow refusals. */
function refusalsOf(path, code) {
  const scratch = mkdtempSync(join(tmpdir(), "bot-arena-arrows-"));
  scratches.push(scratch);
  const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { ignoreUnknown: true };
  writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  // `use` keeps the imports from being unused (that rule is not what is tested).
  writeFileSync(file, `${code}\nexport const use = [] as unknown[];\n`);
  const result = spawnSync(join(root, "node_modules/.bin/biome"), ["lint", "--reporter=json", "."], {
    cwd: scratch,
    encoding: "utf8",
  });
  const { diagnostics } = JSON.parse(result.stdout);
  return diagnostics.filter((d) => arrowRules.includes(d.category)).map((d) => d.message);
}

afterAll(() => {
  for (const scratch of scratches) rmSync(scratch, { recursive: true, force: true });
});

const arrowRules = ["lint/style/noRestrictedImports", "lint/correctness/noNodejsModules"];

describe("biome refuses every wrong arrow", () => {
  for (const [path, code] of wrong) {
    it(`${path}: ${code}`, () => {
      expect(refusalsOf(path, code).length).toBeGreaterThan(0);
    });
  }
});

describe("biome lets the right arrows through", () => {
  for (const [path, code] of right) {
    it(`${path}: ${code.replace("\n", " ")}`, () => {
      expect(refusalsOf(path, code)).toEqual([]);
    });
  }
});
