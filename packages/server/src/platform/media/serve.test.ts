// /media from the store: the headers @fastify/static gave the files (immutable, ETag, Last-Modified), 304s,
// byte ranges across the database's parts, HEAD, and what the hot paths cost in statements.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, createTestApp, errorOf, type TestApp } from "../../../test/helpers";
import { databaseMediaStore } from "../../../test/media";
import { PART_BYTES } from "./database-backend";
import { byteRangeOf, MEDIA_CACHE_CONTROL } from "./serve";
import { SMALL_OBJECT_BYTES } from "./store";

let t: TestApp;
/** Larger than a part and than what is kept in memory: streamed from the database a part at a time. */
const track = randomBytes(SMALL_OBJECT_BYTES + 2 * PART_BYTES + 12_345);
const picture = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
);
let trackUrl = "";
let pictureUrl = "";
beforeAll(async () => {
  // No background loops: the statements counted are the request's own.
  t = await createTestApp({ config: { reconcilerIntervalMs: 0, economyAuditMinutes: 0 } });
  trackUrl = await t.app.media.save("music", track, "wav");
  pictureUrl = await t.app.media.save("bots", picture, "svg");
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe("GET /media/<folder>/<name>", () => {
  it("sends the bytes with their type, cached for a year as immutable, an ETag of the name and Last-Modified", async () => {
    const response = await get(pictureUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(Buffer.from(picture))).toBe(true);
    expect(response.headers).toMatchObject({
      "content-type": "image/svg+xml",
      "cache-control": MEDIA_CACHE_CONTROL,
      "content-length": String(picture.length),
      "accept-ranges": "bytes",
      etag: `"${pictureUrl.slice("/media/bots/".length, -".svg".length)}"`,
    });
    expect(MEDIA_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-security-policy"]).toContain("sandbox");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(Date.parse(String(response.headers["last-modified"]))).not.toBeNaN();
  });

  it("answers a matching If-None-Match (or a later If-Modified-Since) with 304 and no body", async () => {
    const { headers } = await get(pictureUrl);
    const asks: Record<string, string>[] = [
      { "if-none-match": String(headers.etag) },
      { "if-none-match": `"other", W/${headers.etag}` },
      { "if-modified-since": String(headers["last-modified"]) },
    ];
    for (const ask of asks) {
      const response = await get(pictureUrl, ask);
      expect(response.statusCode, JSON.stringify(ask)).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(headers.etag);
    }
    expect((await get(pictureUrl, { "if-none-match": '"stale"' })).statusCode).toBe(200);
    expect((await get(pictureUrl, { "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT" })).statusCode).toBe(
      200,
    );
  });

  it("streams a large track whole, the same bytes across the database's parts", async () => {
    const response = await get(trackUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("audio/wav");
    expect(response.headers["content-length"]).toBe(String(track.length));
    expect(response.rawPayload.equals(track)).toBe(true);
  });

  it("answers byte ranges with 206 (the player seeks), across a part boundary, open-ended and from the end", async () => {
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      [`bytes=${PART_BYTES - 10}-${PART_BYTES + 9}`, PART_BYTES - 10, PART_BYTES + 9],
      [`bytes=${2 * PART_BYTES}-`, 2 * PART_BYTES, track.length - 1],
      ["bytes=-500", track.length - 500, track.length - 1],
      [`bytes=100-${track.length + 1000}`, 100, track.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(trackUrl, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/${track.length}`);
      expect(response.headers["content-length"]).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(track.subarray(start, end + 1)), range).toBe(true);
    }
    const small = await get(pictureUrl, { range: "bytes=5-9" });
    expect(small.statusCode).toBe(206);
    expect(small.rawPayload.equals(Buffer.from(picture.subarray(5, 10)))).toBe(true);
  });

  it("answers a range past the end with 416 and the size, and ignores a range If-Range no longer matches", async () => {
    const past = await get(trackUrl, { range: `bytes=${track.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${track.length}`);
    const stale = await get(trackUrl, { range: "bytes=0-9", "if-range": '"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(track.length);
    const { headers } = await get(pictureUrl);
    const current = await get(pictureUrl, { range: "bytes=0-9", "if-range": String(headers.etag) });
    expect(current.statusCode).toBe(206);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await t.app.inject({ method: "HEAD", url: trackUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(track.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it("answers a missing object, a folder or a path escape with a JSON 404 that no cache keeps", async () => {
    for (const url of [
      "/media/bots/0123456789abcdef.svg",
      "/media/bots/",
      "/media/..%2fpackage.json/x.svg",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe("NOT_FOUND");
      expect(response.headers["cache-control"]).toBeUndefined();
    }
  });
});

describe("what the hot paths cost", () => {
  // The anonymous rate's counts go to the database on a timer of their own (its first flush even makes the
  // table): flushed and stopped first, so no count below can take them for the media's (in a full run the
  // flush came during the first picture's read: 3 statements for 1).
  beforeAll(() => t.app.requestLimits.playerRate.stop());

  it("a hot picture is served from memory: no statement after the first request", async () => {
    const url = await t.app.media.save("bots", new TextEncoder().encode("<svg>hot</svg>"), "svg");
    const first = await countStatements(t, () => get(url));
    expect(first.count, first.texts.join("\n")).toBe(1);
    const again = await countStatements(t, () => get(url));
    expect(again.count, again.texts.join("\n")).toBe(0);
    expect(again.answer.rawPayload.toString()).toBe("<svg>hot</svg>");
  });

  it("a large track is not kept in memory but in a local copy: after the first read, no statement", async () => {
    expect(track.length).toBeGreaterThan(SMALL_OBJECT_BYTES);
    await get(trackUrl);
    const { count, answer } = await countStatements(t, () => get(trackUrl));
    expect(count).toBe(0);
    expect(answer.rawPayload.equals(track)).toBe(true);
    const seek = await countStatements(t, () =>
      get(trackUrl, { range: `bytes=${PART_BYTES - 5}-${PART_BYTES + 5}` }),
    );
    expect(seek.count).toBe(0);
    expect(seek.answer.rawPayload.equals(track.subarray(PART_BYTES - 5, PART_BYTES + 6))).toBe(true);
    expect(t.app.media.cacheStats()).toMatchObject({ diskFiles: 1, diskBytes: track.length });
    // Revalidation and If-Range answered from the copy as from the store.
    const etag = String(answer.headers.etag);
    const revalidated = await countStatements(t, () => get(trackUrl, { "if-none-match": etag }));
    expect(revalidated).toMatchObject({ count: 0, answer: { statusCode: 304 } });
    const resumed = await get(trackUrl, { range: "bytes=-100", "if-range": etag });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(track.subarray(track.length - 100))).toBe(true);
    const changed = await get(trackUrl, { range: "bytes=-100", "if-range": '"other"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(track)).toBe(true);
  });

  it("saving bytes already stored costs one statement in a process that has not seen them, none after", async () => {
    const bytes = randomBytes(5_000);
    const url = await t.app.media.save("library", bytes, "png");
    const elsewhere = databaseMediaStore(t.db);
    const first = await countStatements(t, () => elsewhere.save("library", bytes, "png"));
    expect(first).toMatchObject({ answer: url, count: 1 });
    expect(first.texts[0]).toMatch(/^insert into "media_objects".*on conflict do nothing/i);
    expect((await countStatements(t, () => elsewhere.save("library", bytes, "png"))).count).toBe(0);
  });
});

describe("byteRangeOf", () => {
  it("reads one range, and sends it all for several ranges, another unit or nonsense", () => {
    expect(byteRangeOf("bytes=2-4", 10)).toEqual({ start: 2, end: 4 });
    expect(byteRangeOf("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(byteRangeOf("bytes=-30", 10)).toEqual({ start: 0, end: 9 });
    expect(byteRangeOf("bytes=10-", 10)).toBe("unsatisfiable");
    expect(byteRangeOf("bytes=-0", 10)).toBe("unsatisfiable");
    for (const header of [undefined, "bytes=0-1,4-5", "items=0-1", "bytes=5-2", "bytes=-", "bytes=a-b"]) {
      expect(byteRangeOf(header, 10), String(header)).toBeNull();
    }
  });
});
