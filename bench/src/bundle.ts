// The web bundle's sizes as a player downloads them: each built asset raw and gzipped, largest first.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot } from "./server-process";
import { printTable } from "./stats";

export function benchBundle(): void {
  const assets = join(repoRoot, "packages/web/dist/assets");
  if (!existsSync(assets)) {
    console.log("packages/web/dist is missing: run `npm run build` first");
    return;
  }
  const rows = readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const bytes = readFileSync(join(assets, name));
      return { name, raw: bytes.length, gzip: gzipSync(bytes).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  printTable(
    "Web bundle (packages/web/dist/assets)",
    ["asset", "kB", "kB gzip"],
    [
      ...rows.slice(0, 12).map((row) => [row.name, kb(row.raw), kb(row.gzip)]),
      [
        `all ${rows.length} js/css files`,
        kb(rows.reduce((sum, row) => sum + row.raw, 0)),
        kb(rows.reduce((sum, row) => sum + row.gzip, 0)),
      ],
    ],
  );
}
