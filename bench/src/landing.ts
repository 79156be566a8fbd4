// The landing page as a first-time visitor's Chromium loads it from the compiled server: every response with
// its encoding and the bytes that crossed the wire, the JavaScript's gzip total (the budget is 120 KB), and the
// Largest Contentful Paint.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { repoRoot, startServer } from "./server-process";
import { printTable } from "./stats";

/** The landing's JavaScript may weigh this much gzipped (issue 11). */
export const LANDING_JS_GZIP_BUDGET = 120 * 1024;

type Loaded = { path: string; type: string; encoding: string; transferred: number };

export async function benchLanding(options: { port: number }): Promise<void> {
  // WEB_DIST measures another build (the server reads the same variable).
  const dist = process.env.WEB_DIST || join(repoRoot, "packages/web/dist");
  if (!existsSync(join(dist, "index.html"))) {
    console.log("packages/web/dist is missing: run `npm run build` first");
    return;
  }
  const server = await startServer({ port: options.port, env: { WEB_DIST: dist } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const byId = new Map<string, Omit<Loaded, "transferred">>();
    const loaded: Loaded[] = [];
    cdp.on("Network.responseReceived", (event) => {
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
      );
      byId.set(event.requestId, {
        path: new URL(event.response.url).pathname,
        type: event.type,
        encoding: headers["content-encoding"] ?? "none",
      });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const response = byId.get(event.requestId);
      if (response) loaded.push({ ...response, transferred: event.encodedDataLength });
    });

    // The landing polls its live counters, so the network never goes idle: wait for the page's heading, then
    // give lazy chunks and fonts a moment to arrive.
    await page.goto(server.base.href, { waitUntil: "load" });
    await page.getByRole("heading").first().waitFor();
    await page.waitForTimeout(2000);
    // The last LCP candidate the browser reported (buffered), or none if it never painted one.
    // Runs in the page; a string because the bench compiles without the DOM's types.
    const lcp = (await page.evaluate(`new Promise((resolve) => {
      setTimeout(() => resolve(null), 2000);
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) resolve({ ms: last.startTime, element: last.element?.tagName.toLowerCase() ?? "?" });
      }).observe({ type: "largest-contentful-paint", buffered: true });
    })`)) as { ms: number; element: string } | null;

    const kb = (n: number) => Math.round(n / 102.4) / 10;
    const scripts = loaded.filter((item) => item.type === "Script");
    const gzipOf = (path: string) => gzipSync(readFileSync(join(dist, path))).length;
    const jsGzip = scripts.reduce((sum, item) => sum + gzipOf(item.path), 0);
    printTable(
      `Landing page (/) in Chromium, cold cache: ${loaded.length} responses`,
      ["path", "type", "encoding", "transferred kB"],
      [
        ...loaded.map((item) => [item.path, item.type, item.encoding, kb(item.transferred)]),
        ["all", "", "", kb(loaded.reduce((sum, item) => sum + item.transferred, 0))],
      ],
    );
    console.log(
      `landing JavaScript: ${scripts.length} files, ${kb(scripts.reduce((s, i) => s + i.transferred, 0))} kB transferred, ` +
        `${kb(jsGzip)} kB gzip (budget ${kb(LANDING_JS_GZIP_BUDGET)} kB: ${jsGzip <= LANDING_JS_GZIP_BUDGET ? "within" : "OVER"})`,
    );
    console.log(
      lcp
        ? `landing LCP: ${Math.round(lcp.ms)} ms (<${lcp.element}>), Chromium headless on this machine`
        : "landing LCP: none reported",
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
