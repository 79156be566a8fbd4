// The public pages as a first-time visitor's Chromium loads them from the compiled server (issue 29): for the
// landing (/), /auth and /dashboard (signed in), five cold loads each, with the median Largest Contentful Paint,
// time to interactive and layout shift, and the JavaScript that crossed the wire: before the app (what the first
// paint and the first interaction cost) and in all after the page settled (the landing brings the app in once the
// browser is idle), and for /auth when its form could first be used (its controls are disabled until React listens).
// The first landing load also lists every response with its encoding. Then Lighthouse 12's
// mobile preset (simulated slow 4G, 4x slower CPU) on / and /auth with the same Chromium: its four scores and
// its LCP, TBT and CLS.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { repoRoot, startServer } from "./server-process";
import { printTable } from "./stats";

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The landing's JavaScript before its first interaction may weigh this much on the wire (issue 29). */
export const LANDING_JS_WIRE_BUDGET = 60 * 1024;

const chromiumPath = () => process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const LOADS = 5;
/** How long a load is watched after its load event: the landing's idle-time app, the counters, the ads. */
const SETTLE_MS = 3000;

type Loaded = { path: string; type: string; encoding: string; transferred: number; atMs: number };
type Load = {
  responses: Loaded[];
  lcpMs: number | null;
  lcpElement: string;
  cls: number;
  fcpMs: number;
  loadMs: number;
  /** Lighthouse's idea, simplified: the end of the last long task (50 ms or more), or DOMContentLoaded if later. */
  ttiMs: number;
  /** When /auth's form could first be used: its fieldset no longer disabled (null on the other pages). */
  formReadyMs: number | null;
};

async function loadOnce(browser: Browser, url: string, signIn?: { base: URL }): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (signIn) {
    const email = `bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}@arena.test`;
    const answer = await context.request.post(new URL("/api/auth/sign-up", signIn.base).href, {
      data: { username: email.split("@")[0]!.slice(0, 24), email, password: "hunter22" },
      headers: { origin: signIn.base.origin },
    });
    if (!answer.ok()) throw new Error(`sign-up for the bench failed: ${answer.status()}`);
  }
  const page = await context.newPage();
  // Long tasks are only reported to an observer that exists before they run.
  await page.addInitScript(`window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration); })
      .observe({ type: "longtask", buffered: true });
    window.__formReady = null;
    if (location.pathname === "/auth") new MutationObserver((changes, observer) => {
      if (document.querySelector("form fieldset:enabled")) { window.__formReady = performance.now(); observer.disconnect(); }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const byId = new Map<string, Omit<Loaded, "transferred">>();
  const responses: Loaded[] = [];
  const started = Date.now();
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
    );
    byId.set(event.requestId, {
      path: new URL(event.response.url).pathname,
      type: event.type,
      encoding: headers["content-encoding"] ?? "none",
      atMs: Date.now() - started,
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const response = byId.get(event.requestId);
    if (response) responses.push({ ...response, transferred: event.encodedDataLength });
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  // Runs in the page; a string because the bench compiles without the DOM's types.
  const figures = (await page.evaluate(`new Promise((resolve) => {
    let cls = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) cls += e.value; })
      .observe({ type: "layout-shift", buffered: true });
    let lcp = null;
    new PerformanceObserver((list) => { const e = list.getEntries().at(-1); if (e) lcp = e; })
      .observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      resolve({
        cls,
        lcpMs: lcp ? lcp.startTime : null,
        lcpElement: lcp?.element?.tagName.toLowerCase() ?? "?",
        fcpMs: fcp ? fcp.startTime : 0,
        loadMs: nav.loadEventEnd,
        ttiMs: Math.max(nav.domContentLoadedEventEnd, ...window.__longTasks),
        formReadyMs: window.__formReady,
      });
    }, 200);
  })`)) as Omit<Load, "responses">;
  await context.close();
  return { responses, ...figures };
}

const kb = (n: number) => Math.round(n / 102.4) / 10;
const scriptsOf = (load: Load) => load.responses.filter((item) => item.type === "Script");
/** Scripts that arrived by the load event: what the first paint and the first interaction waited for. */
const scriptsBeforeApp = (load: Load) => scriptsOf(load).filter((item) => item.atMs <= load.loadMs + 50);
const bytes = (items: Loaded[]) => items.reduce((sum, item) => sum + item.transferred, 0);

function summary(name: string, loads: Load[]): (string | number)[] {
  const first = loads[0]!;
  return [
    name,
    `${scriptsBeforeApp(first).length} / ${kb(median(loads.map((l) => bytes(scriptsBeforeApp(l)))))}`,
    `${scriptsOf(first).length} / ${kb(median(loads.map((l) => bytes(scriptsOf(l)))))}`,
    kb(median(loads.map((l) => bytes(l.responses)))),
    Math.round(median(loads.map((l) => l.fcpMs))),
    `${Math.round(median(loads.map((l) => l.lcpMs ?? Number.NaN)))} <${first.lcpElement}>`,
    Math.round(median(loads.map((l) => l.ttiMs))),
    first.formReadyMs === null ? "" : Math.round(median(loads.map((l) => l.formReadyMs ?? Number.NaN))),
    Math.max(...loads.map((l) => l.cls)).toFixed(3),
  ];
}

export async function benchLanding(options: { port: number; lighthouse?: boolean }): Promise<void> {
  // WEB_DIST measures another build (the server reads the same variable).
  const dist = process.env.WEB_DIST || join(repoRoot, "packages/web/dist");
  if (!existsSync(join(dist, "index.html"))) {
    console.log("packages/web/dist is missing: run `npm run build` first");
    return;
  }
  const server = await startServer({ port: options.port, env: { WEB_DIST: dist } });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const pages: [string, string, boolean][] = [
      ["/", "/", false],
      ["/auth", "/auth", false],
      ["/dashboard (signed in)", "/dashboard", true],
    ];
    const results: [string, Load[]][] = [];
    for (const [name, path, signedIn] of pages) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) {
        loads.push(
          await loadOnce(
            browser,
            new URL(path, server.base).href,
            signedIn ? { base: server.base } : undefined,
          ),
        );
      }
      results.push([name, loads]);
    }

    const landing = results[0]![1][0]!;
    printTable(
      `Landing page (/) in Chromium, cold cache: ${landing.responses.length} responses`,
      ["path", "type", "encoding", "transferred kB", "at ms"],
      [
        ...landing.responses.map((item) => [
          item.path,
          item.type,
          item.encoding,
          kb(item.transferred),
          item.atMs,
        ]),
        ["all", "", "", kb(bytes(landing.responses)), ""],
      ],
    );
    printTable(
      `Public pages in Chromium (headless, this machine, no throttling), median of ${LOADS} cold loads`,
      [
        "page",
        "JS before app: files / kB wire",
        "JS in all: files / kB wire",
        "all kB wire",
        "FCP ms",
        "LCP ms",
        "TTI ms",
        "form ready ms",
        "CLS (worst)",
      ],
      results.map(([name, loads]) => summary(name, loads)),
    );
    const landingJs = median(results[0]![1].map((l) => bytes(scriptsBeforeApp(l))));
    console.log(
      `landing JavaScript before its first interaction: ${kb(landingJs)} kB on the wire (budget ${kb(LANDING_JS_WIRE_BUDGET)} kB: ` +
        `${landingJs <= LANDING_JS_WIRE_BUDGET ? "within" : "OVER"}); the app follows once the page is idle`,
    );
  } finally {
    await browser.close();
  }
  try {
    if (options.lighthouse !== false) await benchLighthouse(server.base);
  } finally {
    await server.stop();
  }
}

type LighthouseResult = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/** Lighthouse's mobile preset (its default config) on / and /auth, one run each, in the same Chromium. */
async function benchLighthouse(base: URL): Promise<void> {
  let lighthouse: typeof import("lighthouse").default;
  let launch: typeof import("chrome-launcher").launch;
  try {
    lighthouse = (await import("lighthouse")).default;
    launch = (await import("chrome-launcher")).launch;
  } catch {
    console.log("lighthouse is not installed (npm ci): skipping its scores");
    return;
  }
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const rows: (string | number)[][] = [];
    for (const path of ["/", "/auth"]) {
      const run = await lighthouse(new URL(path, base).href, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = run?.lhr as LighthouseResult | undefined;
      if (!lhr) continue;
      const score = (name: string) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
      const value = (name: string) => lhr.audits[name]?.numericValue ?? Number.NaN;
      rows.push([
        path,
        score("performance"),
        score("accessibility"),
        score("best-practices"),
        score("seo"),
        Math.round(value("first-contentful-paint")),
        Math.round(value("largest-contentful-paint")),
        Math.round(value("total-blocking-time")),
        value("cumulative-layout-shift").toFixed(3),
      ]);
    }
    printTable(
      "Lighthouse 12, mobile preset (simulated slow 4G, 4x CPU), one run each",
      ["page", "performance", "accessibility", "best practices", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS"],
      rows,
    );
  } finally {
    chrome.kill();
  }
}
