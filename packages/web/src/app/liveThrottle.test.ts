import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { atMostEvery } from "./liveThrottle";

describe("atMostEvery", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the first call at once and folds a burst into one run when the gap ends", () => {
    const run = vi.fn();
    const throttled = atMostEvery(3_000, run);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(20);
      throttled.call();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(run).toHaveBeenCalledTimes(2);
    // Quiet for longer than the gap: the next change shows at once again.
    vi.advanceTimersByTime(10_000);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("drops a waiting run when cancelled", () => {
    const run = vi.fn();
    const throttled = atMostEvery(3_000, run);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
