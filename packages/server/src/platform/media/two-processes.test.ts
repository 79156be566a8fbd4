// Media need no shared disk: a picture and a track uploaded through one server are served by another server on
// the same database whose DATA_DIR is a different, empty folder (two apps here, each with its own data folder
// and its own store's memory; on PostgreSQL under DATABASE_URL, on PGlite otherwise).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appsOnOneDatabase, signUp } from "../../../test/helpers";
import { multipart, pngBytes, wavBytes } from "../../features/admin/testing";

const adminEmail = "media_two@arena.test";
const servers = appsOnOneDatabase();

describe("media across processes", () => {
  it("an upload through one process is served by another with a different, empty DATA_DIR", async () => {
    const one = await servers.appWith({ adminEmails: [adminEmail] });
    const other = await servers.appWith();
    expect(other.config.dataDir).not.toBe(one.config.dataDir);
    const admin = await signUp(one.app, { username: "media_two", email: adminEmail });

    const png = pngBytes(24, 7);
    const picture = await admin.request({
      method: "POST",
      url: "/api/admin/image-library/upload",
      ...multipart({ rarity: "rare", botClass: "villain" }, { filename: "shared.png", bytes: png }),
    });
    expect(picture.statusCode).toBe(200);
    const wav = wavBytes(300, 520);
    const music = await admin.request({
      method: "POST",
      url: "/api/admin/music",
      ...multipart({}, { filename: "shared.wav", bytes: wav }),
    });
    expect(music.statusCode).toBe(200);

    // Neither process wrote a media file: the other's folder is as empty as it was made.
    expect(readdirSync(other.config.dataDir)).toEqual([]);
    expect(readdirSync(one.config.dataDir)).toEqual([]);

    const uploads: [string, Buffer, string][] = [
      [picture.json().image.imageUrl, png, "image/png"],
      [music.json().track.fileUrl, wav, "audio/wav"],
    ];
    for (const [url, bytes, type] of uploads) {
      const there = await other.app.inject(url);
      expect(there.statusCode, url).toBe(200);
      expect(there.headers["content-type"]).toBe(type);
      expect(there.rawPayload.equals(bytes)).toBe(true);
      // The same ETag from either process, so a browser's copy from one is still good on the other.
      const here = await one.app.inject(url);
      expect(there.headers.etag).toBe(here.headers.etag);
      const revalidated = await other.app.inject({
        url,
        headers: { "if-none-match": String(here.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    }
    const seek = await other.app.inject({ url: uploads[1]![0], headers: { range: "bytes=44-143" } });
    expect(seek.statusCode).toBe(206);
    expect(seek.rawPayload.equals(wav.subarray(44, 144))).toBe(true);
  });
});
