// The playlist and the media files behind it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../../test/helpers";
import { musicTracks } from "../../platform/db/schema";
import { starterSongs } from "../../platform/seed/starter-music";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { starterMusic: "on" } });
});
afterAll(() => t.close());

type Track = { id: string; title: string; artist: string | null; fileUrl: string; sortOrder: number };
const tracks = async () => (await t.app.inject("/api/music/tracks")).json<{ tracks: Track[] }>().tracks;

describe("GET /api/music/tracks", () => {
  it("lists the starter loops in order", async () => {
    const list = await tracks();
    expect(list.map((track) => track.title)).toEqual(starterSongs.map((song) => song.title));
    expect(list.map((track) => track.sortOrder)).toEqual([1, 2, 3]);
    for (const track of list) {
      expect(track.artist).toBe("Bot Arena Sound Lab");
      expect(track.fileUrl).toMatch(/^\/media\/music\/[0-9a-f]{32}\.wav$/);
    }
  });

  it("leaves out inactive tracks and orders by sort_order", async () => {
    await t.db.insert(musicTracks).values([
      { title: "Opening Theme", fileUrl: "/media/music/opening.wav", sortOrder: 0 },
      { title: "Retired Track", fileUrl: "/media/music/retired.wav", sortOrder: 5, isActive: false },
    ]);
    const list = await tracks();
    expect(list[0]).toMatchObject({ title: "Opening Theme", artist: null });
    expect(list.map((track) => track.title)).not.toContain("Retired Track");
    await t.db.delete(musicTracks).where(eq(musicTracks.title, "Opening Theme"));
  });
});

describe("media files", () => {
  it("serves a track as audio/wav, cacheable forever and sandboxed", async () => {
    const [first] = await tracks();
    const response = await t.app.inject(first!.fileUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^audio\/(wav|wave|x-wav)/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-security-policy"]).toContain("sandbox");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    expect(response.rawPayload.subarray(8, 12).toString()).toBe("WAVE");
  });

  it("supports range requests so the player can seek", async () => {
    const [first] = await tracks();
    const response = await t.app.inject({ url: first!.fileUrl, headers: { range: "bytes=0-99" } });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.length).toBe(100);
  });

  it("answers a missing file, a directory or a path escape with a JSON 404", async () => {
    for (const url of [
      "/media/music/nope.wav",
      "/media/music/",
      "/media/../package.json",
      "/media/%2e%2e/package.json",
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe("NOT_FOUND");
    }
  });

  it("seeds idempotently: a restart adds no duplicate tracks", async () => {
    const again = await createTestApp({ database: t.database, config: { starterMusic: "on" } });
    expect((await tracks()).filter((track) => track.artist === "Bot Arena Sound Lab")).toHaveLength(3);
    await again.close();
  });
});
