// /media's limits (issue 43): a request without a session counts against its address's rate and streams and
// the process's streams, and past any of them is refused at once with 429, Retry-After and the message every
// other limit uses; a signed-in player's media count against the player's own rate instead. Streams are held
// open on a real socket by a client that stops reading a large track.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { appsOnOneDatabase, errorOf, signUp, type TestApp } from "../../../test/helpers";
import type { Config } from "../config";
import { MEDIA_BYTES_PER_REQUEST } from "../limits/media-limits";
import { limitMessages } from "../limits/request-limits";

const servers = appsOnOneDatabase();
const generous = {
  requests: 1_000_000,
  windowMs: 60_000,
  streamsPerAddress: 1_000,
  streams: 1_000,
  refusalDelayMs: 0,
  streamKbPerSecond: 1_000_000,
};
const appWith = (mediaLimits: Partial<Config["mediaLimits"]>, config: Partial<Config> = {}) =>
  servers.appWith({ mediaLimits: { ...generous, ...mediaLimits }, ...config });

const picture = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>');
const from = (t: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, remoteAddress, headers });

function expectRefused(answer: Awaited<ReturnType<typeof from>>, message: string, maxSeconds: number) {
  expect(errorOf(answer)).toEqual({ status: 429, code: "RATE_LIMITED", message });
  const retryAfter = Number(answer.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe("/media without a session", () => {
  it("refuses an address past its rate with 429 and Retry-After, and serves another address", async () => {
    const t = await appWith({ requests: 3 });
    const url = await t.app.media.save("bots", picture, "svg");
    for (let i = 0; i < 3; i += 1) expect((await from(t, url, "10.43.0.1")).statusCode).toBe(200);
    const refused = await from(t, url, "10.43.0.1");
    expectRefused(refused, limitMessages.tooFast, 60);
    // A revalidation is a request too: a loop of them is still a loop.
    expectRefused(await from(t, url, "10.43.0.1", { "if-none-match": '"x"' }), limitMessages.tooFast, 60);
    expect((await from(t, url, "10.43.0.2")).statusCode).toBe(200);
  });

  it(`charges each whole MiB sent as one more request, and refuses without the object's headers`, async () => {
    const t = await appWith({ requests: 6 });
    const bytes = randomBytes(3 * MEDIA_BYTES_PER_REQUEST + 10);
    const url = await t.app.media.save("music", bytes, "wav");
    // 1 + 3 for the whole track, then 1 for a small range: 5 of 6.
    expect((await from(t, url, "10.43.4.1")).statusCode).toBe(200);
    expect((await from(t, url, "10.43.4.1", { range: "bytes=0-99" })).statusCode).toBe(206);
    // A HEAD is sent no bytes: 1.
    expect((await t.app.inject({ method: "HEAD", url, remoteAddress: "10.43.4.1" })).statusCode).toBe(200);
    expect((await from(t, url, "10.43.4.2")).statusCode).toBe(200);
    const again = await from(t, url, "10.43.4.2", { range: `bytes=${MEDIA_BYTES_PER_REQUEST}-` });
    expectRefused(again, limitMessages.tooFast, 60);
    for (const name of ["cache-control", "etag", "content-range", "last-modified"]) {
      expect(again.headers[name], name).toBeUndefined();
    }
  });

  describe("streams held open on a real socket", () => {
    /** Larger than what a loopback socket buffers, so a client that stops reading keeps the answer going. */
    const track = randomBytes(24 * 1024 * 1024);
    const open: http.ClientRequest[] = [];
    afterAll(() => {
      for (const request of open) request.destroy();
    });

    async function listening(t: TestApp) {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }

    /** Starts a download and stops reading it once its headers arrive; resolves with its status. */
    function stalledDownload(
      base: string,
      url: string,
      localAddress = "127.0.0.1",
      headers: Record<string, string> = {},
    ): Promise<{ status: number; request: http.ClientRequest }> {
      return new Promise((resolve, reject) => {
        const request = http.get(`${base}${url}`, { agent: false, localAddress, headers }, (response) => {
          response.pause();
          resolve({ status: response.statusCode ?? 0, request });
        });
        request.on("error", () => {});
        request.once("error", reject);
        open.push(request);
      });
    }

    it("refuses an address holding its streams, then every address once the process holds its own, until one ends", async () => {
      // One API request of a player at a time: the player's music must not take it.
      const t = await appWith(
        { streamsPerAddress: 2, streams: 3 },
        { playerLimits: { requests: 1_000, windowMs: 60_000, concurrent: 1, concurrentReads: 1 } },
      );
      const base = await listening(t);
      const url = await t.app.media.save("music", track, "wav");
      const player = await signUp(t.app);
      const [first, second] = await Promise.all([stalledDownload(base, url), stalledDownload(base, url)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(t.app.mediaLimits.streams("127.0.0.1")).toBe(2);

      expectRefused(await from(t, url, "127.0.0.1"), limitMessages.tooManyAtOnce, 1);
      expectRefused(await from(t, url, "127.0.0.1", { range: "bytes=0-99" }), limitMessages.tooManyAtOnce, 1);
      // Another address has streams of its own...
      expect((await from(t, url, "10.43.1.1", { range: "bytes=0-99" })).statusCode).toBe(206);
      // ...until the process holds all of its own.
      expect((await stalledDownload(base, url, "127.0.0.2")).status).toBe(200);
      expect(t.app.mediaLimits.streams()).toBe(3);
      expectRefused(await from(t, url, "10.43.1.2"), limitMessages.tooManyAtOnce, 1);
      // A signed-in player counts in their own limits, not the anonymous streams.
      const played = await player.request({ url, headers: { range: "bytes=0-9" } });
      expect(played.statusCode).toBe(206);
      expect(played.rawPayload.equals(track.subarray(0, 10))).toBe(true);
      // The player's music playing holds a media stream of theirs, not their one API slot.
      const music = await stalledDownload(base, url, "127.0.0.1", { cookie: player.cookie });
      expect(music.status).toBe(200);
      expect(t.app.requestLimits.mediaInFlight(player.id)).toBe(1);
      expect((await player.get("/api/me")).statusCode).toBe(200);
      music.request.destroy();

      first.request.destroy();
      await expect.poll(() => t.app.mediaLimits.streams("127.0.0.1")).toBe(1);
      const seek = await from(t, url, "127.0.0.1", { range: "bytes=100-199" });
      expect(seek.statusCode).toBe(206);
      expect(seek.rawPayload.equals(track.subarray(100, 200))).toBe(true);
    });
  });
});

describe("/media with a session", () => {
  it("counts a player's music in the player's own rate, not the address's", async () => {
    const t = await appWith(
      { requests: 1 },
      { playerLimits: { requests: 3, windowMs: 60_000, concurrent: 4, concurrentReads: 4 } },
    );
    const url = await t.app.media.save("music", randomBytes(300 * 1024), "wav");
    const player = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) expect((await player.get(url)).statusCode).toBe(200);
    expectRefused(await player.get(url), limitMessages.tooFast, 60);
    // The same rate as the player's API requests.
    expect(errorOf(await player.get("/api/me")).status).toBe(429);
    // The address's own rate (1) was never touched by the player's requests.
    expect((await from(t, url, "127.0.0.1")).statusCode).toBe(200);
    expectRefused(await from(t, url, "127.0.0.1"), limitMessages.tooFast, 60);
  });

  it("treats a cookie that names no session as no session", async () => {
    const t = await appWith({ requests: 1 });
    const url = await t.app.media.save("bots", picture, "svg");
    const cookie = `ba_session=${"A".repeat(43)}`;
    expect((await from(t, url, "10.43.3.1", { cookie })).statusCode).toBe(200);
    expectRefused(await from(t, url, "10.43.3.1", { cookie }), limitMessages.tooFast, 60);
  });
});
