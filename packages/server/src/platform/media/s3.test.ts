// The bucket store against a real S3-compatible server (s3rver behind a front that checks every request's
// Signature Version 4: test/s3-server.ts), started here on a free port: uploads through one process are stored
// in the bucket, not the database, and served by another process with an empty DATA_DIR, with the same headers,
// 304s and ranges as the database's; a deleted track leaves the bucket; a wrong secret or bucket stops the start.
import { readdirSync } from "node:fs";
import { AwsClient } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appsOnOneDatabase, signUp, type TestApp } from "../../../test/helpers";
import { storedMediaIn } from "../../../test/media";
import { S3_KEY_ID, S3_REGION, startTestS3, type TestS3 } from "../../../test/s3-server";
import { multipart, pngBytes, wavBytes } from "../../features/admin/testing";
import { svgProvider } from "../../features/bots/images";
import { storeBotImage } from "../../features/bots/images/store";
import { openMediaStore } from "./open";
import { parseS3Location, type S3Location } from "./s3-location";
import { SMALL_OBJECT_BYTES } from "./store";

const BUCKET = "arena-media";
const SECRET = "bucket-secret/for+tests";
const adminEmail = "bucket_boss@arena.test";

let s3: TestS3;
let endpoint = "";
let location: S3Location;
let one: TestApp;
let other: TestApp;
const servers = appsOnOneDatabase();

beforeAll(async () => {
  s3 = await startTestS3({ bucket: BUCKET, secret: SECRET });
  endpoint = s3.endpoint;
  // The secret from the environment, as an operator would set it; the key id in the URL would do as well.
  location = parseS3Location(`s3://${BUCKET}/game?endpoint=${endpoint}`, {
    AWS_ACCESS_KEY_ID: S3_KEY_ID,
    AWS_SECRET_ACCESS_KEY: SECRET,
  });
  one = await servers.appWith({ mediaS3: location, adminEmails: [adminEmail] });
  other = await servers.appWith({ mediaS3: location });
}, 60_000);

afterAll(() => s3?.close());

/** Straight from the bucket, signed as any S3 client would: what is really stored there. */
const bucket = new AwsClient({
  accessKeyId: S3_KEY_ID,
  secretAccessKey: SECRET,
  service: "s3",
  region: S3_REGION,
});
const fromBucket = (url: string) => bucket.fetch(`${endpoint}/${BUCKET}/game/${url.slice("/media/".length)}`);

describe("media in an S3-compatible bucket (MEDIA_S3_URL)", () => {
  it("stores an upload in the bucket, not the database, and another process with an empty DATA_DIR serves it", async () => {
    const admin = await signUp(one.app, { username: "bucket_boss", email: adminEmail });
    const png = pngBytes(20, 3);
    const picture = await admin.request({
      method: "POST",
      url: "/api/admin/image-library/upload",
      ...multipart({ rarity: "legendary", botClass: "hero" }, { filename: "bucket.png", bytes: png }),
    });
    expect(picture.statusCode).toBe(200);
    // Longer than what is kept in memory: streamed from the bucket.
    const wav = wavBytes(40_000, 330);
    expect(wav.length).toBeGreaterThan(SMALL_OBJECT_BYTES);
    const music = await admin.request({
      method: "POST",
      url: "/api/admin/music",
      ...multipart({}, { filename: "bucket.wav", bytes: wav }),
    });
    expect(music.statusCode).toBe(200);
    const [imageUrl, trackUrl] = [picture.json().image.imageUrl, music.json().track.fileUrl] as [
      string,
      string,
    ];

    for (const [url, bytes] of [
      [imageUrl, png],
      [trackUrl, wav],
    ] as const) {
      const stored = await fromBucket(url);
      expect(stored.status, url).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(await storedMediaIn(one.db, "library")).toEqual([]);
    expect(await storedMediaIn(one.db, "music")).toEqual([]);
    expect(readdirSync(other.config.dataDir)).toEqual([]);

    const image = await other.app.inject(imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(image.headers).toMatchObject({
      "content-type": "image/png",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${imageUrl.slice("/media/library/".length, -".png".length)}"`,
    });
    const revalidated = await other.app.inject({
      url: imageUrl,
      headers: { "if-none-match": image.headers.etag! },
    });
    expect(revalidated.statusCode).toBe(304);

    const track = await other.app.inject(trackUrl);
    expect(track.statusCode).toBe(200);
    expect(track.headers["content-length"]).toBe(String(wav.length));
    expect(track.rawPayload.equals(wav)).toBe(true);
    const seek = await other.app.inject({ url: trackUrl, headers: { range: "bytes=300000-300099" } });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers["content-range"]).toBe(`bytes 300000-300099/${wav.length}`);
    expect(seek.rawPayload.equals(wav.subarray(300_000, 300_100))).toBe(true);

    // Deleting the track removes its object from the bucket; a process that never saw it answers 404.
    const track1 = music.json().track.id as string;
    expect((await admin.request({ method: "DELETE", url: `/api/admin/music/${track1}` })).statusCode).toBe(
      200,
    );
    expect((await fromBucket(trackUrl)).status).toBe(404);
    const third = await servers.appWith({ mediaS3: location });
    expect((await third.app.inject(trackUrl)).statusCode).toBe(404);
  });

  it("draws a bot image into the bucket once: another process finds it there instead of drawing it again", async () => {
    const look = {
      botName: "Bucket Bot",
      model: "Nova S-4",
      colorPrimary: "#00e5ff",
      colorSecondary: "#ff2bd6",
    };
    const url = await storeBotImage(one.app.media, svgProvider, look);
    let drawn = 0;
    const counting = {
      ...svgProvider,
      generate(input: typeof look) {
        drawn += 1;
        return svgProvider.generate(input);
      },
    };
    expect(await storeBotImage(other.app.media, counting, look)).toBe(url);
    expect(drawn).toBe(0);
    const served = await other.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect((await fromBucket(url)).status).toBe(200);
  });

  it("refuses to start with a wrong secret or a missing bucket, saying what to check", async () => {
    // Every request the stores made so far, with the right secret, passed the signature check.
    const refusedBefore = s3.refused();
    expect(refusedBefore).toBe(0);
    const wrongSecret = parseS3Location(`s3://${S3_KEY_ID}:nope@${BUCKET}?endpoint=${endpoint}`, {});
    await expect(openMediaStore({ db: one.db, s3: wrongSecret })).rejects.toThrow(
      /MEDIA_S3_URL: the bucket did not answer as expected .*403 .*SignatureDoesNotMatch/,
    );
    expect(s3.refused()).toBeGreaterThan(refusedBefore);
    const noBucket = parseS3Location(
      `s3://${S3_KEY_ID}:${encodeURIComponent(SECRET)}@no-such-bucket?endpoint=${endpoint}`,
      {},
    );
    await expect(openMediaStore({ db: one.db, s3: noBucket })).rejects.toThrow(
      /MEDIA_S3_URL: the bucket did not answer as expected .*NoSuchBucket/,
    );
    expect(s3.refused()).toBe(1);
  });
});
