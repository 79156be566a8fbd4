// A process that lost events it committed tells the others once it reaches the bus again (bus.ts, lossNotices):
// the notice is retried while the bus is unreachable, sent once, and heard as a resync by every other process.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type BusListener, LOSS_NOTICE_RETRY_MS, LOST_EVENTS_KIND, lossNotices } from "./bus";
import type { LiveEnvelope } from "./publish";

const quiet = { warn() {} };

function recorder() {
  const heard: string[] = [];
  const listener: BusListener = {
    onEnvelope: (envelope) => heard.push(envelope.kind),
    onResync: () => heard.push("resync"),
  };
  return { heard, listener };
}

afterEach(() => vi.useRealTimers());

describe("lost events told to the other processes", () => {
  it("retries the notice while the bus is unreachable and sends it once, however often events were lost", async () => {
    vi.useFakeTimers();
    const sent: string[][] = [];
    let reachable = false;
    const notices = lossNotices(async (payloads) => {
      if (!reachable) throw new Error("unreachable");
      sent.push([...payloads]);
    }, quiet);
    notices.owe();
    notices.owe();
    await vi.advanceTimersByTimeAsync(LOSS_NOTICE_RETRY_MS * 3);
    expect(sent).toEqual([]);
    reachable = true;
    notices.owe();
    await vi.advanceTimersByTimeAsync(LOSS_NOTICE_RETRY_MS * 3);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]![0]!)).toMatchObject({ kind: LOST_EVENTS_KIND });
    notices.close();
  });

  it("hears another process's notice as a resync, its own as nothing, and passes every other event on", async () => {
    vi.useFakeTimers();
    const mine: string[] = [];
    const ours = lossNotices(async (payloads) => void mine.push(...payloads), quiet);
    const theirs: string[] = [];
    const other = lossNotices(async (payloads) => void theirs.push(...payloads), quiet);
    ours.owe();
    other.owe();
    await vi.advanceTimersByTimeAsync(LOSS_NOTICE_RETRY_MS);
    const { heard, listener } = recorder();
    const hearing = ours.hear(listener);
    hearing.onEnvelope(JSON.parse(mine[0]!) as LiveEnvelope);
    expect(heard).toEqual([]);
    hearing.onEnvelope(JSON.parse(theirs[0]!) as LiveEnvelope);
    hearing.onEnvelope({ channel: "chat", kind: "message", at: 1 } as LiveEnvelope);
    hearing.onResync();
    expect(heard).toEqual(["resync", "message", "resync"]);
    ours.close();
    other.close();
  });
});
