// Debian's Prometheus scraping the processes as an operator's would: a scrape job with the METRICS_TOKEN as its
// bearer credentials (docs/operations.md, "Metrics"), every second, until each target is up and a query sums a
// figure of ours across them. Its storage and configuration live in a temporary folder; it listens on loopback.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ensurePrometheus, prometheusPath } from "../../../scripts/lib.mjs";
import { request } from "../http";
import { freePort } from "./nginx";

type Target = { labels: { instance: string }; health: string; lastError: string };

export type PrometheusOutcome = { result: string; ok: boolean };

/** Scrapes `targets` (host:port) at /api/admin/metrics with `token`; ok once every one is up and counted. */
export async function scrapedByPrometheus(targets: string[], token: string): Promise<PrometheusOutcome> {
  if (!ensurePrometheus())
    throw new Error(`Prometheus is needed at ${prometheusPath()}: sudo apt-get install prometheus`);
  const dir = mkdtempSync(join(tmpdir(), "bot-arena-prometheus-"));
  const port = await freePort();
  writeFileSync(
    join(dir, "prometheus.yml"),
    `global:
  scrape_interval: 1s
scrape_configs:
  - job_name: bot-arena
    metrics_path: /api/admin/metrics
    authorization:
      type: Bearer
      credentials_file: ${join(dir, "token")}
    static_configs:
      - targets: [${targets.map((t) => `"${t}"`).join(", ")}]
`,
  );
  writeFileSync(join(dir, "token"), token);
  const child: ChildProcess = spawn(
    prometheusPath(),
    [
      `--config.file=${join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const log: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => log.push(line));
  const api = new URL(`http://127.0.0.1:${port}`);
  try {
    const deadline = Date.now() + 30_000;
    let last = "Prometheus did not answer";
    for (;;) {
      if (child.exitCode !== null) throw new Error(`prometheus exited: ${log.slice(-3).join(" / ")}`);
      const answer = await request(api, "GET", "/api/v1/targets").catch(() => null);
      if (answer?.status === 200) {
        const active = (JSON.parse(answer.body) as { data: { activeTargets: Target[] } }).data.activeTargets;
        last = active
          .map((t) => `${t.labels.instance} ${t.health}${t.lastError ? ` (${t.lastError})` : ""}`)
          .join("; ");
        if (active.length === targets.length && active.every((t) => t.health === "up")) break;
      }
      if (Date.now() > deadline) return { result: `not every target up in 30 s: ${last}`, ok: false };
      await new Promise((r) => setTimeout(r, 250));
    }
    const query = encodeURIComponent('count(bot_arena_http_requests_total{status="2xx"})');
    const counted = await request(api, "GET", `/api/v1/query?query=${query}`);
    const value = Number(
      (JSON.parse(counted.body) as { data: { result: { value: [number, string] }[] } }).data.result[0]
        ?.value[1],
    );
    return {
      result: `${prometheusVersion()}: ${last}; count(bot_arena_http_requests_total{status="2xx"}) = ${value}`,
      ok: value === targets.length,
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function prometheusVersion(): string {
  const out = spawnSync(prometheusPath(), ["--version"], { encoding: "utf8" });
  return (out.stdout || out.stderr).split("\n")[0]?.replace(/ \(branch.*$/, "") ?? "prometheus";
}
