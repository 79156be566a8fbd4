// What every admin upload shares (library images and music): one row per file whatever the race, one file per
// request, and an hourly quota per admin, refused with 429 and Retry-After before the body is read.
import { adminMediaMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { raceIt } from "../../../test/race";
import { botImageLibrary, musicTracks } from "../../platform/db/schema";
import { type MultipartFile, multipart, pngBytes, wavBytes } from "./testing";

const PER_HOUR = 8;
const adminEmails = ["racer", "tuner", "quota", "other", "twofiles"].map(
  (name) => `${name}_admin@arena.test`,
);
let t: TestApp;
const admins: Record<string, Player> = {};
let player: Player;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails, adminUploadsPerHour: PER_HOUR } });
  for (const email of adminEmails) {
    const name = email.split("_")[0]!;
    admins[name] = await signUp(t.app, { username: `${name}_admin`, email });
  }
  player = await signUp(t.app);
});
afterAll(() => t.close());

const urls = { image: "/api/admin/image-library/upload", music: "/api/admin/music" } as const;
const slot = { rarity: "common", botClass: "support" };
const send = (as: Player | null, kind: keyof typeof urls, files: MultipartFile | MultipartFile[]) => {
  const options = {
    method: "POST" as const,
    url: urls[kind],
    ...multipart(kind === "image" ? slot : {}, files),
  };
  return as ? as.request(options) : t.app.inject(options);
};
const libraryRows = (imageUrl?: string) =>
  t.db
    .select({ id: botImageLibrary.id })
    .from(botImageLibrary)
    .where(imageUrl ? eq(botImageLibrary.imageUrl, imageUrl) : undefined);
const trackRows = () => t.db.select({ id: musicTracks.id }).from(musicTracks);

/** Every refused racer hears why: the file is already there (not a database error). */
function expectAlreadyUploaded(answers: Awaited<ReturnType<typeof send>>[]) {
  for (const refused of answers.filter((a) => a.statusCode !== 200)) {
    expect(errorOf(refused)).toEqual({
      status: 409,
      code: "CONFLICT",
      message: adminMediaMessages.uploadFailed,
      fields: { file: adminMediaMessages.alreadyUploaded },
    });
  }
}

// Races prove something only on PostgreSQL, so they stand outside any describe (PGlite defines none of them).
raceIt(
  "the same picture uploaded 8 times at once: one library row, one success and 7 'already uploaded'",
  async () => {
    const file = { filename: "twin.png", bytes: pngBytes(20, 77) };
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(admins.racer!, "image", file)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const imageUrl = answers.find((a) => a.statusCode === 200)!.json().image.imageUrl;
    expectAlreadyUploaded(answers);
    expect(await libraryRows(imageUrl)).toHaveLength(1);
  },
);

raceIt("the same recording uploaded 8 times at once: one track", async () => {
  const before = (await trackRows()).length;
  const file = { filename: "echo.wav", bytes: wavBytes(150, 777) };
  const answers = await Promise.all(Array.from({ length: 8 }, () => send(admins.tuner!, "music", file)));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  expectAlreadyUploaded(answers);
  expect((await trackRows()).length).toBe(before + 1);
});

describe("the hourly upload quota", () => {
  it("counts images and music together per admin; past it 429 with Retry-After and nothing stored", async () => {
    const quota = admins.quota!;
    for (let i = 0; i < PER_HOUR; i++) {
      const answer =
        i % 2 === 0
          ? await send(quota, "image", { filename: `q${i}.png`, bytes: pngBytes(12, 100 + i) })
          : await send(quota, "music", { filename: `q${i}.wav`, bytes: wavBytes(100, 300 + i) });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const [images, tracks] = [(await libraryRows()).length, (await trackRows()).length];
    const refused = await send(quota, "image", { filename: "one-more.png", bytes: pngBytes(12, 250) });
    expect(errorOf(refused)).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: adminMediaMessages.uploadQuotaReached(PER_HOUR, 60),
    });
    expect(refused.json().error.message).toBe(
      "Upload limit reached: 8 uploads an hour. Try again in 60 minutes.",
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(
      errorOf(await send(quota, "music", { filename: "more.wav", bytes: wavBytes(100, 999) })),
    ).toMatchObject({ status: 429 });
    expect((await libraryRows()).length).toBe(images);
    expect((await trackRows()).length).toBe(tracks);

    // Another admin's hour is their own.
    const other = await send(admins.other!, "image", { filename: "mine.png", bytes: pngBytes(12, 251) });
    expect(other.statusCode).toBe(200);
  });
});

describe("one file per upload", () => {
  it.each(["image", "music"] as const)(
    "%s: a second file is refused with 400, nothing stored",
    async (kind) => {
      const files =
        kind === "image"
          ? [
              { filename: "a.png", bytes: pngBytes(14, 40) },
              { filename: "b.png", bytes: pngBytes(14, 41) },
            ]
          : [
              { filename: "a.wav", bytes: wavBytes(100, 500) },
              { filename: "b.wav", bytes: wavBytes(100, 501) },
            ];
      const [images, tracks] = [(await libraryRows()).length, (await trackRows()).length];
      expect(errorOf(await send(admins.twofiles!, kind, files))).toMatchObject({
        status: 400,
        message: adminMediaMessages.uploadFailed,
        fields: { file: adminMediaMessages.oneFileAtATime },
      });
      expect((await libraryRows()).length).toBe(images);
      expect((await trackRows()).length).toBe(tracks);
    },
  );
});

describe("who may upload", () => {
  it.each(["image", "music"] as const)("%s: 401 without a session, 403 for a player", async (kind) => {
    const file = { filename: "x.png", bytes: pngBytes(10, 9) };
    expect(errorOf(await send(null, kind, file))).toMatchObject({
      status: 401,
      message: messages.notAuthenticated,
    });
    expect(errorOf(await send(player, kind, file))).toMatchObject({
      status: 403,
      message: messages.adminRequired,
    });
  });
});
