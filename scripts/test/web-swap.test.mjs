// `npm start`'s staleness check after a web build swapped in (web-swap.mjs): fresh, although Vite wrote into
// packages/web after the page (the prerender's scratch folder), and stale again once a source changes.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { webBuildIsStale } from "../lib.mjs";
import { newBuildDir, swapIn } from "../web-swap.mjs";

const at = mkdtempSync(join(tmpdir(), "bot-arena-web-stale-"));
afterAll(() => rmSync(at, { recursive: true, force: true }));

it("a build swapped in is fresh until a source changes", () => {
  const web = join(at, "packages/web");
  for (const dir of ["packages/web/src", "packages/contract/src", "packages/game/src"])
    mkdirSync(join(at, dir), { recursive: true });
  writeFileSync(join(web, "src/main.tsx"), "export {};");
  const past = new Date(Date.now() - 60_000);
  for (const dir of ["packages/web/src", "packages/contract/src", "packages/game/src"])
    utimesSync(join(at, dir), past, past);
  utimesSync(join(web, "src/main.tsx"), past, past);
  expect(webBuildIsStale(at)).toBe(true);

  const build = newBuildDir(join(web, "builds"));
  writeFileSync(join(build, "index.html"), "<!doctype html>");
  // The page was written a while before the build ended, and the build then wrote beside the sources.
  utimesSync(join(build, "index.html"), past, past);
  mkdirSync(join(web, "node_modules/.prerender"), { recursive: true });
  swapIn(join(web, "dist"), build);
  expect(webBuildIsStale(at)).toBe(false);
  // Builds swapped in one after another: the rename and the link's time fall in one millisecond now and then.
  for (let swap = 0; swap < 50; swap++) {
    const next = newBuildDir(join(web, "builds"));
    writeFileSync(join(next, "index.html"), "<!doctype html>");
    swapIn(join(web, "dist"), next);
    expect(webBuildIsStale(at), `after swap ${swap}`).toBe(false);
  }

  writeFileSync(join(web, "src/main.tsx"), "export const changed = true;");
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(web, "src/main.tsx"), later, later);
  expect(webBuildIsStale(at)).toBe(true);
});
