// A web build swapped in under a serving process (scripts/web-swap.mjs): another process writes build after build
// and swaps each in while this one keeps asking for / and the app's routes, plain and brotli-compressed. Not one
// answer may be a 404 or an error, each new build is served once swapped in, the routes a new build's pages.json
// adds are served without a restart, the bundles of the build before stay (a page loaded just before a swap loads
// its lazy chunks later) but not those of the one before that, and the older build folders are gone afterwards.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { repoRoot } from "./paths";

const BUILDS = 12;
const work = mkdtempSync(path.join(tmpdir(), "bot-arena-web-swap-"));
const buildsDir = path.join(work, "builds");
const dist = path.join(work, "dist");

/**
 * The builder: writes build 0, swaps it in, says "swapped 0", then for each "next" on stdin writes and swaps in
 * the next one, as `npm run build -w packages/web` does (a folder of its own, then one rename).
 */
const builder = `
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { brotliCompressSync, gzipSync } from "node:zlib";
const { carryAssets, newBuildDir, swapIn } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, "scripts/web-swap.mjs")).href)});
const [buildsDir, dist, count] = [process.env.BUILDS_DIR, process.env.DIST, Number(process.env.COUNT)];
const page = (text) => "<!doctype html><html><body>" + text + "</body></html>" + " ".repeat(20000);
function build(n) {
  const dir = newBuildDir(buildsDir);
  mkdirSync(join(dir, "assets"));
  const files = {
    "index.html": page("landing of build " + n),
    "app.html": page("app of build " + n),
    "404.html": page("not found in build " + n),
    ["assets/app-" + n + ".js"]: "export {}",
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, name + ".br"), brotliCompressSync(text));
    writeFileSync(join(dir, name + ".gz"), gzipSync(text));
  }
  const appPaths = Array.from({ length: n + 1 }, (_, i) => "/added-" + i);
  writeFileSync(join(dir, "pages.json"), JSON.stringify({ pages: { "/": "index.html" }, notFound: "404.html", app: "app.html", appPaths }));
  carryAssets(dist, dir);
  swapIn(dist, dir);
  console.log("swapped " + n);
}
build(0);
let n = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== "next") continue;
  n += 1;
  build(n);
  if (n === count - 1) break;
}
process.exit(0);
`;

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

it("keeps serving while builds are swapped in: no 404, each new build and its new routes served", async () => {
  const child = spawn(process.execPath, ["--input-type=module", "-e", builder], {
    env: { ...process.env, BUILDS_DIR: buildsDir, DIST: dist, COUNT: String(BUILDS) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  expect((await lines.next()).value).toBe("swapped 0");
  t = await createTestApp({ config: { webDist: dist } });

  const statuses = new Map<string, number>();
  const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
  let served = 0;
  let requests = 0;
  const asked = new Set<number>();
  while (served < BUILDS - 1) {
    requests += 1;
    const compressed = requests % 2 === 0;
    const landing = await t.app.inject({ url: "/", headers: compressed ? { "accept-encoding": "br" } : {} });
    count(`/ ${landing.statusCode}`);
    const body = compressed ? brotliDecompressSync(landing.rawPayload).toString() : landing.body;
    const build = Number(/landing of build (\d+)/.exec(body)?.[1] ?? Number.NaN);
    // Every route of the build served so far (and no build is ever older than the last one seen).
    const route = await t.app.inject({ url: `/added-${served}` });
    count(`/added ${route.statusCode}`);
    expect(route.body).toMatch(/app of build \d+/);
    expect(build).toBeGreaterThanOrEqual(served);
    if (build > served) {
      served = build;
      // A route only this build has: its pages.json was read again, no restart needed.
      const added = await t.app.inject({ url: `/added-${served}` });
      expect(added.statusCode).toBe(200);
      expect(added.body).toContain(`app of build ${served}`);
      // A page of the build before still finds its bundles; the one before that is gone (two generations).
      if (served >= 1)
        expect((await t.app.inject({ url: `/assets/app-${served - 1}.js` })).statusCode).toBe(200);
      if (served >= 2)
        expect((await t.app.inject({ url: `/assets/app-${served - 2}.js` })).statusCode).toBe(404);
    }
    if (build === served && served < BUILDS - 1 && !asked.has(served)) {
      asked.add(served);
      child.stdin.write("next\n");
    }
  }
  expect(await exited).toBe(0);
  expect(Object.fromEntries(statuses)).toEqual({ "/ 200": requests, "/added 200": requests });
  expect(requests).toBeGreaterThan(BUILDS);
  const unknown = await t.app.inject({ url: `/added-${BUILDS}` });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.body).toContain(`not found in build ${BUILDS - 1}`);
  // Only the build in use and the one before it are kept (a request may have resolved dist to it).
  expect(readdirSync(buildsDir)).toHaveLength(2);
}, 60_000);
