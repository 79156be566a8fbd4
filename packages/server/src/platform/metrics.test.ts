// The process figures: exact counts and buckets, the loop delay seen and restarted at each scrape.
import { describe, expect, it } from "vitest";
import { createProcessMetrics } from "./metrics";

const sample = (text: string, line: string) => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe("process metrics", () => {
  it("count answers by status class and by route, and put each time in every bucket at or above it", async () => {
    const metrics = createProcessMetrics({ poolUse: () => null, liveSockets: () => 3 });
    metrics.record(200, 3, { method: "GET", url: "/api/me" });
    metrics.record(201, 30, { method: "POST", url: "/api/bots" });
    metrics.record(409, 8, { method: "POST", url: "/api/bots" });
    metrics.record(503, 700, { method: "GET", url: undefined });
    const text = await metrics.render();
    metrics.stop();
    expect(sample(text, 'bot_arena_http_requests_total{status="2xx"}')).toBe(2);
    expect(sample(text, 'bot_arena_http_requests_total{status="4xx"}')).toBe(1);
    expect(sample(text, 'bot_arena_http_requests_total{status="5xx"}')).toBe(1);
    expect(sample(text, 'bot_arena_http_request_duration_seconds_bucket{le="0.005"}')).toBe(1);
    expect(sample(text, 'bot_arena_http_request_duration_seconds_bucket{le="0.01"}')).toBe(2);
    expect(sample(text, 'bot_arena_http_request_duration_seconds_bucket{le="0.05"}')).toBe(3);
    expect(sample(text, 'bot_arena_http_request_duration_seconds_bucket{le="0.5"}')).toBe(3);
    expect(sample(text, 'bot_arena_http_request_duration_seconds_bucket{le="1"}')).toBe(4);
    expect(sample(text, "bot_arena_http_request_duration_seconds_sum")).toBeCloseTo(0.741, 6);
    expect(sample(text, "bot_arena_http_request_duration_seconds_count")).toBe(4);
    expect(sample(text, "bot_arena_live_sockets")).toBe(3);
    expect(
      sample(text, 'bot_arena_http_route_requests_total{method="POST",route="/api/bots",status="409"}'),
    ).toBe(1);
    expect(
      sample(text, 'bot_arena_http_route_requests_total{method="GET",route="unmatched",status="503"}'),
    ).toBe(1);
    expect(sample(text, 'bot_arena_http_route_duration_seconds_count{method="POST",route="/api/bots"}')).toBe(
      2,
    );
    // prom-client's own figures for the process, start time included.
    expect(sample(text, "process_start_time_seconds")).toBeGreaterThan(0);
  });

  it("show CPU by route only when it is tracked (METRICS_ROUTE_CPU=on)", async () => {
    const untracked = createProcessMetrics({ poolUse: () => null, liveSockets: () => 0 });
    expect(await untracked.render()).not.toContain("bot_arena_route_cpu_seconds_total");
    untracked.stop();
    const metrics = createProcessMetrics({
      poolUse: () => null,
      liveSockets: () => 0,
      routeCpu: () =>
        new Map([
          ["GET /api/me", { micros: 1_500, requests: 3, statements: 6 }],
          ["(none) PROMISE", { micros: 250, requests: 0, statements: 1 }],
        ]),
    });
    const text = await metrics.render();
    metrics.stop();
    expect(sample(text, 'bot_arena_route_cpu_seconds_total{route="GET /api/me"}')).toBeCloseTo(0.0015, 9);
    expect(sample(text, 'bot_arena_route_cpu_seconds_total{route="(none) PROMISE"}')).toBeCloseTo(0.00025, 9);
    expect(sample(text, 'bot_arena_route_statements_total{route="GET /api/me"}')).toBe(6);
  });

  it("count 429s by the limit that refused them, every limit shown from the start", async () => {
    const metrics = createProcessMetrics({ poolUse: () => null, liveSockets: () => 0 });
    metrics.record(429, 1, { method: "POST", url: "/api/chat/messages" }, "chat_pace");
    metrics.record(429, 1, { method: "POST", url: "/api/chat/messages" }, "chat_pace");
    metrics.record(429, 1, { method: "GET", url: "/api/me" }, "player_rate");
    const text = await metrics.render();
    metrics.stop();
    expect(sample(text, 'bot_arena_rate_limited_total{limiter="chat_pace"}')).toBe(2);
    expect(sample(text, 'bot_arena_rate_limited_total{limiter="player_rate"}')).toBe(1);
    expect(sample(text, 'bot_arena_rate_limited_total{limiter="password_lanes"}')).toBe(0);
    expect(sample(text, 'bot_arena_http_requests_total{status="4xx"}')).toBe(3);
    expect(sample(text, 'bot_arena_http_route_duration_seconds_count{method="GET",route="/api/me"}')).toBe(1);
  });

  it("show the hash lanes, the runner's steps and a feature's gauge, which says nothing while unknown", async () => {
    let wallet: number | null = null;
    const metrics = createProcessMetrics({
      poolUse: () => null,
      liveSockets: () => 0,
      hashing: () => ({ running: 2, waiting: { known: 0, unknown: 5 } }),
      runner: () => ({ "guild-war": { advanced: 7, failed: 1 } }),
    });
    metrics.gauge("bot_arena_test_wallet", "A wallet.", { provider: "zbd" }, () => wallet);
    const before = await metrics.render();
    wallet = 42;
    const after = await metrics.render();
    metrics.stop();
    expect(sample(after, 'bot_arena_password_hash_jobs{state="waiting_unknown"}')).toBe(5);
    expect(sample(after, 'bot_arena_runner_steps_total{handler="guild-war",outcome="failed"}')).toBe(1);
    expect(before).not.toMatch(/^bot_arena_test_wallet/m);
    expect(sample(after, 'bot_arena_test_wallet{provider="zbd"}')).toBe(42);
  });

  it("show the live bus: whether it is heard, and the messages, events and lost events it sent", async () => {
    const metrics = createProcessMetrics({
      poolUse: () => null,
      liveSockets: () => 0,
      liveBus: () => ({ kind: "redis", up: false, sends: 12, events: 340, lost: 7 }),
    });
    const text = await metrics.render();
    metrics.stop();
    expect(sample(text, 'bot_arena_live_bus_up{bus="redis"}')).toBe(0);
    expect(sample(text, 'bot_arena_live_bus_sends_total{bus="redis"}')).toBe(12);
    expect(sample(text, 'bot_arena_live_bus_events_total{bus="redis"}')).toBe(340);
    expect(sample(text, 'bot_arena_live_bus_lost_events_total{bus="redis"}')).toBe(7);
  });

  it("see a stalled event loop in the window it happened, and a calm one after", async () => {
    const metrics = createProcessMetrics({
      poolUse: () => ({ max: 10, total: 4, idle: 1, waiting: 2, oldestWaitMs: 250 }),
      liveSockets: () => 0,
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await sleep(20);
    metrics.closeWindow();
    // A callback holding the loop for 80 ms, as a long synchronous task would.
    setTimeout(() => {
      const stalledUntil = Date.now() + 80;
      while (Date.now() < stalledUntil) {}
    }, 5);
    await sleep(120);
    metrics.closeWindow();
    const stalled = await metrics.render();
    // Read twice: a scrape does not move the window.
    const worst = 'bot_arena_event_loop_delay_seconds{stat="max"}';
    expect(sample(await metrics.render(), worst)).toBe(sample(stalled, worst));
    expect(sample(stalled, worst)).toBeGreaterThanOrEqual(0.07);
    expect(sample(stalled, 'bot_arena_db_pool_connections{state="waiting"}')).toBe(2);
    expect(sample(stalled, "bot_arena_db_pool_oldest_wait_seconds")).toBe(0.25);
    // The next window, closed before the loop turns again, holds no stall of its own: it must not show the
    // last one's (a window waited out in real time would depend on how busy the machine is).
    metrics.closeWindow();
    const calm = await metrics.render();
    metrics.stop();
    expect(sample(calm, worst)).toBeLessThan(0.07);
  });
});
