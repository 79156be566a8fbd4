import { createHash } from "node:crypto";
import { setTimeout as later } from "node:timers/promises";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { reportStatements } from "./db/statement-watch";
import { trackRouteCpu, UNATTRIBUTED } from "./route-cpu";

/** CPU work that takes the same effort on any machine: rounds of hashing, not a length of time. */
function burn(rounds: number): string {
  let digest = "seed";
  for (let i = 0; i < rounds; i++) digest = createHash("sha256").update(digest).digest("hex");
  return digest;
}

describe("CPU by route (METRICS_ROUTE_CPU)", () => {
  const app = Fastify();
  const routeCpu = trackRouteCpu(app);
  // A client whose statements are told as a pooled connection's are (postgres.ts).
  const client = { query: async (_text: string) => ({ rows: [] }) };
  reportStatements(client);
  // The work is after an await and a timer: it is charged through the request's continuations, not its first tick.
  app.get("/busy", async () => {
    await later(1);
    for (let i = 0; i < 3; i++) await client.query("select 1");
    return { digest: burn(20_000) };
  });
  app.get("/quiet", async () => {
    await client.query("select 1");
    await later(1);
    return { digest: burn(10) };
  });
  afterAll(async () => {
    routeCpu.stop();
    await app.close();
  });

  it("charges each route the work its requests started, and counts them", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: "GET", url: "/busy" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/quiet" })).statusCode).toBe(200);
    }
    // Work no request started.
    burn(20_000);
    const spent = routeCpu.spent();
    const busy = spent.get("GET /busy");
    const quiet = spent.get("GET /quiet");
    expect(busy?.requests).toBe(3);
    expect(quiet?.requests).toBe(3);
    // Each statement is the route's whose continuation sent it, before or after a timer.
    expect(busy?.statements).toBe(9);
    expect(quiet?.statements).toBe(3);
    // 2,000 times the hashing: ten times the CPU is a bound no scheduler noise reaches.
    expect(busy!.micros).toBeGreaterThan(10 * quiet!.micros);
    const unattributed = [...spent]
      .filter(([label]) => label.startsWith(UNATTRIBUTED))
      .reduce((n, [, t]) => n + t.micros, 0);
    expect(unattributed).toBeGreaterThan(busy!.micros / 6);
  });
});
