// The anonymous media limits on their own, on the test's clock: a refusal waits out its delay before it is
// answered (so a loop that ignores Retry-After is slowed to one ask per delay), a bounded number wait at once,
// and streams given back are free again.
import type { FastifyReply } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../config";
import { AppError } from "../errors";
import { createMediaLimits } from "./media-limits";
import { limitMessages } from "./request-limits";
import { memoryLimitStore } from "./store";

afterEach(() => vi.useRealTimers());

const replyStub = () => {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
};

function limitsWith(mediaLimits: Partial<Config["mediaLimits"]>) {
  const store = memoryLimitStore();
  const rate = { hit: store.hit, flush: async () => {}, stop: async () => {} };
  return createMediaLimits({
    rate,
    jitter: () => 1,
    config: {
      mediaLimits: {
        requests: 100,
        windowMs: 60_000,
        streamsPerAddress: 1,
        streams: 10,
        refusalDelayMs: 1000,
        streamKbPerSecond: 1024,
        ...mediaLimits,
      },
    },
  });
}

describe("the anonymous media limits", () => {
  it("answers a refusal only once its delay has passed, with Retry-After", async () => {
    vi.useFakeTimers();
    const limits = limitsWith({});
    const release = await limits.admitAnonymous("10.0.0.1", replyStub().reply);
    const { reply, headers } = replyStub();
    let settled: unknown = null;
    const refused = limits.admitAnonymous("10.0.0.1", reply).catch((error: unknown) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBeNull();
    expect(limits.delayedRefusals()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await refused;
    expect(settled).toBeInstanceOf(AppError);
    expect((settled as AppError).message).toBe(limitMessages.tooManyAtOnce);
    expect(headers["retry-after"]).toBe("1");
    expect(limits.delayedRefusals()).toBe(0);
    // The refused request never held a stream; the one given back is free again.
    expect(limits.streams("10.0.0.1")).toBe(1);
    release();
    release();
    expect(limits.streams()).toBe(0);
    await limits.admitAnonymous("10.0.0.1", replyStub().reply);
  });

  it("refuses past the rate after the delay too, and gives the stream back", async () => {
    vi.useFakeTimers();
    const limits = limitsWith({ requests: 1, streamsPerAddress: 5 });
    (await limits.admitAnonymous("10.0.0.2", replyStub().reply))();
    const refused = limits.admitAnonymous("10.0.0.2", replyStub().reply);
    const caught = refused.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(((await caught) as AppError).message).toBe(limitMessages.tooFast);
    expect(limits.streams()).toBe(0);
  });

  it("answers at once with no delay set", async () => {
    const limits = limitsWith({ refusalDelayMs: 0 });
    await limits.admitAnonymous("10.0.0.3", replyStub().reply);
    await expect(limits.admitAnonymous("10.0.0.3", replyStub().reply)).rejects.toThrow(
      limitMessages.tooManyAtOnce,
    );
  });
});
