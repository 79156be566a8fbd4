// The figures and the shipped alert rules as Prometheus' own tool reads them: `promtool check metrics` on a real
// scrape (with the bearer token, as Prometheus sends it) and `promtool check rules` on docs/deploy/alerts.yml.
// Debian's `prometheus` package brings promtool; CI installs it, so there it must be present. A newcomer's
// machine without it skips these two (and says so).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { repoRoot } from "./paths";

const promtool = process.env.PROMTOOL_PATH || "promtool";
const present = spawnSync(promtool, ["--version"], { stdio: "ignore" }).status === 0;
if (!present && process.env.CI)
  throw new Error("promtool is missing: CI installs Debian's prometheus package");

const TOKEN = "promtool-scrape-token-01";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(() => t.close());

describe.skipIf(!present)("promtool", () => {
  it("passes a real scrape of this process's metrics", async () => {
    await t.app.inject("/api/health");
    await t.app.inject("/api/no-such-route");
    const scrape = await t.app.inject({
      url: "/api/admin/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    const checked = spawnSync(promtool, ["check", "metrics"], { input: scrape.body, encoding: "utf8" });
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.status).toBe(0);
  });

  it("passes the shipped alert rules", () => {
    const checked = spawnSync(promtool, ["check", "rules", path.join(repoRoot, "docs/deploy/alerts.yml")], {
      encoding: "utf8",
    });
    expect(checked.stdout).toContain("SUCCESS: 8 rules found");
    expect(checked.status).toBe(0);
  });
});
