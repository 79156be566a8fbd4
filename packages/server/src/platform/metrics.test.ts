// The process figures: exact counts and buckets, the loop delay seen and restarted at each scrape.
import { describe, expect, it } from "vitest";
import { createProcessMetrics } from "./metrics";

const sample = (text: string, line: string) => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe("process metrics", () => {
  it("count answers by status class and put each time in every bucket at or above it", () => {
    const metrics = createProcessMetrics({ poolUse: () => null, liveSockets: () => 3 });
    metrics.record(200, 3);
    metrics.record(201, 30);
    metrics.record(409, 8);
    metrics.record(503, 700);
    const text = metrics.render();
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
  });

  it("show the live bus: whether it is heard, and the messages, events and lost events it sent", () => {
    const metrics = createProcessMetrics({
      poolUse: () => null,
      liveSockets: () => 0,
      liveBus: () => ({ kind: "redis", up: false, sends: 12, events: 340, lost: 7 }),
    });
    const text = metrics.render();
    metrics.stop();
    expect(sample(text, 'bot_arena_live_bus_up{bus="redis"}')).toBe(0);
    expect(sample(text, 'bot_arena_live_bus_sends_total{bus="redis"}')).toBe(12);
    expect(sample(text, 'bot_arena_live_bus_events_total{bus="redis"}')).toBe(340);
    expect(sample(text, 'bot_arena_live_bus_lost_events_total{bus="redis"}')).toBe(7);
  });

  it("see a stalled event loop in the window it happened, and a calm one after", async () => {
    const metrics = createProcessMetrics({
      poolUse: () => ({ max: 10, total: 4, idle: 1, waiting: 2 }),
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
    const stalled = metrics.render();
    // Read twice: a scrape does not move the window.
    const worst = 'bot_arena_event_loop_delay_seconds{quantile="1"}';
    expect(sample(metrics.render(), worst)).toBe(sample(stalled, worst));
    expect(sample(stalled, 'bot_arena_event_loop_delay_seconds{quantile="1"}')).toBeGreaterThanOrEqual(0.07);
    expect(sample(stalled, 'bot_arena_db_pool_connections{state="waiting"}')).toBe(2);
    // The next window, closed before the loop turns again, holds no stall of its own: it must not show the
    // last one's (a window waited out in real time would depend on how busy the machine is).
    metrics.closeWindow();
    const calm = metrics.render();
    metrics.stop();
    expect(sample(calm, 'bot_arena_event_loop_delay_seconds{quantile="1"}')).toBeLessThan(0.07);
  });
});
