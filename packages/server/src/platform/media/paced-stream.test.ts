// The pace of an anonymous stream: the first second's worth at once, the rest no faster than the rate. The
// clock is the test's (fake timers and a `now` they move), never the wall's.
import { afterEach, describe, expect, it, vi } from "vitest";
import { pacedStream } from "./paced-stream";

afterEach(() => vi.useRealTimers());

describe("pacedStream", () => {
  it("passes the first second's worth at once and holds the rest until it is due", async () => {
    vi.useFakeTimers();
    let clock = 0;
    const paced = pacedStream(1000, () => clock);
    const received: number[] = [];
    paced.on("data", (chunk: Buffer) => received.push(chunk.length));
    for (let i = 0; i < 4; i += 1) paced.write(Buffer.alloc(500));
    await vi.advanceTimersByTimeAsync(0);
    // 1000 bytes a second, a second's burst: two chunks now, the third due at 0.5 s, the fourth at 1 s.
    expect(received).toEqual([500, 500]);
    clock = 499;
    await vi.advanceTimersByTimeAsync(499);
    expect(received).toHaveLength(2);
    clock = 500;
    await vi.advanceTimersByTimeAsync(1);
    expect(received).toHaveLength(3);
    clock = 1000;
    await vi.advanceTimersByTimeAsync(500);
    expect(received).toHaveLength(4);
  });
});
