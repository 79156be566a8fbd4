// The Image Library tab's routes: who may call them, the counts, uploads judged by their bytes (and nothing
// stored when refused), one generated image per click, clearing, the top-up switch, and the log rows of each.
import { adminMediaMessages, LIBRARY_LOW_MARK } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { isStored, storedMediaIn } from "../../../test/media";
import { botImageLibrary } from "../../platform/db/schema";
import { listAdminOperations } from "../../platform/ops-log";
import { addLibraryImages } from "../bots/images";
import { expectAdminOnly } from "./access";
import { multipart, pngBytes, shapedMedia, wavBytes } from "./testing";

const adminEmail = "library_boss@arena.test";
let t: TestApp;
let admin: Player;
let player: Player;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail] } });
  admin = await signUp(t.app, { username: "library_boss", email: adminEmail });
  player = await signUp(t.app);
});
afterAll(() => t.close());

const libraryFiles = () => storedMediaIn(t.db, "library");
const summary = async () => (await admin.get("/api/admin/image-library")).json();
const upload = (
  as: Player | null,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) => {
  const body = multipart(fields, file);
  const options = { method: "POST" as const, url: "/api/admin/image-library/upload", ...body };
  return as ? as.request(options) : t.app.inject(options);
};
const slot = { rarity: "rare", botClass: "villain" };

describe("who may use the image library routes", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/admin/image-library"],
    ["POST", "/api/admin/image-library/generate", slot],
    ["DELETE", "/api/admin/image-library"],
    ["PUT", "/api/admin/image-library/top-up", { enabled: false }],
  ];
  it.each(calls)("%s %s: 401 without a session, 403 for a player", async (method, url, payload) => {
    await expectAdminOnly(t.app, player, [method, url, payload]);
  });

  it("upload: 401 without a session, 403 for a player, nothing stored", async () => {
    const file = { filename: "bot.png", bytes: pngBytes() };
    expect(errorOf(await upload(null, slot, file))).toMatchObject({ status: 401 });
    expect(errorOf(await upload(player, slot, file))).toMatchObject({
      status: 403,
      message: messages.adminRequired,
    });
    expect(await libraryFiles()).toEqual([]);
    expect((await summary()).total).toBe(0);
  });
});

describe("GET /api/admin/image-library", () => {
  it("counts every rarity x class slot, available meaning unclaimed, under 10 flagged low", async () => {
    const empty = await summary();
    expect(empty.slots).toHaveLength(15);
    expect(empty.slots.map((s: { rarity: string }) => s.rarity)).toEqual(
      ["common", "uncommon", "rare", "legendary", "diamond"].flatMap((r) => [r, r, r]),
    );
    expect(empty).toMatchObject({
      total: 0,
      available: 0,
      lowMark: LIBRARY_LOW_MARK,
      topUp: { enabled: false },
    });
    expect(empty.slots.every((s: { low: boolean }) => s.low)).toBe(true);

    await addLibraryImages(
      t.db,
      { rarity: "legendary", botClass: "hero", amount: 11 },
      { media: t.app.media },
    );
    const [first] = await t.db
      .select({ id: botImageLibrary.id })
      .from(botImageLibrary)
      .where(eq(botImageLibrary.rarity, "legendary"));
    await t.db.update(botImageLibrary).set({ isClaimed: true }).where(eq(botImageLibrary.id, first!.id));
    const after = await summary();
    const legendaryHero = after.slots.find(
      (s: { rarity: string; botClass: string }) => s.rarity === "legendary" && s.botClass === "hero",
    );
    expect(legendaryHero).toEqual({
      rarity: "legendary",
      botClass: "hero",
      total: 11,
      available: 10,
      low: false,
    });
    await t.db
      .update(botImageLibrary)
      .set({ isClaimed: true })
      .where(eq(botImageLibrary.rarity, "legendary"));
    expect(
      (await summary()).slots.find(
        (s: { rarity: string; botClass: string }) => s.rarity === "legendary" && s.botClass === "hero",
      ),
    ).toMatchObject({
      available: 0,
      low: true,
    });
  });
});

describe("POST /api/admin/image-library/upload", () => {
  it("stores a real PNG by its content hash and serves it with nosniff", async () => {
    const response = await upload(admin, slot, {
      filename: "hero shot.png",
      type: "image/png",
      bytes: pngBytes(24),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: "Image uploaded successfully!", image: { ...slot } });
    expect(body.image.imageUrl).toMatch(/^\/media\/library\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject(body.image.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
  });

  it("takes JPEG and WebP by their bytes whatever the name says", async () => {
    const jpeg = await upload(admin, slot, {
      filename: "photo.txt",
      type: "text/plain",
      bytes: shapedMedia.jpeg(),
    });
    expect(jpeg.json().image.imageUrl).toMatch(/\.jpg$/);
    const webp = await upload(admin, slot, { filename: "noext", bytes: shapedMedia.webp() });
    expect(webp.json().image.imageUrl).toMatch(/\.webp$/);
  });

  it("refuses the same file twice", async () => {
    const bytes = pngBytes(20, 3);
    await upload(admin, slot, { filename: "a.png", bytes });
    expect(errorOf(await upload(admin, slot, { filename: "b.png", bytes }))).toMatchObject({
      status: 409,
      message: "Upload failed",
      fields: { file: adminMediaMessages.alreadyUploaded },
    });
  });

  const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>';
  const png = pngBytes(40);
  it.each([
    [
      "an HTML file named .png",
      "evil.png",
      "image/png",
      Buffer.from("<html><script>alert(1)</script></html>"),
    ],
    ["an SVG", "bot.svg", "image/svg+xml", Buffer.from(svg)],
    ["an SVG named .png", "bot.png", "image/png", Buffer.from(svg)],
    ["a truncated PNG", "cut.png", "image/png", png.subarray(0, png.length - 30)],
    ["a text file named .png", "notes.png", "image/png", Buffer.from("hello there")],
    ["a WAV named .png", "beep.png", "image/png", wavBytes()],
  ])("refuses %s with 'Upload failed' and stores nothing", async (_, filename, type, bytes) => {
    const before = { files: (await libraryFiles()).length, total: (await summary()).total };
    expect(errorOf(await upload(admin, slot, { filename, type, bytes }))).toMatchObject({
      status: 400,
      message: "Upload failed",
      fields: { file: adminMediaMessages.imageNotAccepted },
    });
    expect(await libraryFiles()).toHaveLength(before.files);
    expect((await summary()).total).toBe(before.total);
  });

  it("refuses an image over 2 MB while it streams, storing nothing", async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024)]);
    const before = (await libraryFiles()).length;
    expect(errorOf(await upload(admin, slot, { filename: "huge.png", bytes: big }))).toMatchObject({
      status: 413,
      message: "Upload failed",
      fields: { file: adminMediaMessages.imageTooLarge },
    });
    expect(await libraryFiles()).toHaveLength(before);
  });

  it("'Please select a file first' without a file (or without multipart at all)", async () => {
    expect(errorOf(await upload(admin, slot))).toMatchObject({
      status: 400,
      message: "Please select a file first",
    });
    expect(
      errorOf(await upload(admin, slot, { filename: "empty.png", bytes: Buffer.alloc(0) })),
    ).toMatchObject({
      message: "Please select a file first",
    });
    expect(errorOf(await admin.post("/api/admin/image-library/upload", { rarity: "rare" }))).toMatchObject({
      message: "Please select a file first",
    });
  });

  it("needs a library rarity and class", async () => {
    const file = { filename: "x.png", bytes: pngBytes(12, 9) };
    expect(errorOf(await upload(admin, { rarity: "epic", botClass: "hero" }, file))).toMatchObject({
      status: 400,
      message: "Choose a rarity",
    });
    expect(errorOf(await upload(admin, { rarity: "rare" }, file))).toMatchObject({
      message: "Choose a class",
    });
  });
});

describe("POST /api/admin/image-library/generate", () => {
  it("generates exactly one image for the slot per click", async () => {
    const count = async () =>
      (await summary()).slots.find(
        (s: { rarity: string; botClass: string }) => s.rarity === "diamond" && s.botClass === "support",
      ).available;
    const before = await count();
    const response = await admin.post("/api/admin/image-library/generate", {
      rarity: "diamond",
      botClass: "support",
    });
    expect(response.json()).toMatchObject({
      message: "Generated 1 image successfully",
      generated: 1,
      image: { rarity: "diamond", botClass: "support" },
    });
    expect(await count()).toBe(before + 1);
    const again = await admin.post("/api/admin/image-library/generate", {
      rarity: "diamond",
      botClass: "support",
    });
    expect(again.json().image.imageUrl).not.toBe(response.json().image.imageUrl);
  });

  it("refuses a rarity without a slot and a missing class", async () => {
    expect(
      errorOf(await admin.post("/api/admin/image-library/generate", { rarity: "epic", botClass: "hero" })),
    ).toMatchObject({
      status: 400,
      message: "Choose a rarity",
    });
    expect(errorOf(await admin.post("/api/admin/image-library/generate", { rarity: "rare" }))).toMatchObject({
      message: "Choose a class",
    });
  });
});

describe("PUT /api/admin/image-library/top-up", () => {
  it("turns the background top-up on (filling every slot) and off, and the summary says which", async () => {
    const on = await admin.request({
      method: "PUT",
      url: "/api/admin/image-library/top-up",
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({
      message: "Automatic top-up is on",
      topUp: { enabled: true, target: 10 },
    });
    // Switching on asks for a pass in the background: every slot fills up to the target.
    const filled = async () => (await summary()).slots.every((s: { available: number }) => s.available >= 10);
    for (let i = 0; i < 200 && !(await filled()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await filled()).toBe(true);
    expect((await summary()).topUp.enabled).toBe(true);
    const off = await admin.request({
      method: "PUT",
      url: "/api/admin/image-library/top-up",
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ message: "Automatic top-up is off", topUp: { enabled: false } });
    expect((await summary()).topUp.enabled).toBe(false);
  });
});

describe("DELETE /api/admin/image-library", () => {
  it("clears every image ('Library cleared: N images deleted'), keeping the pictures bots wear", async () => {
    const { total } = await summary();
    expect(total).toBeGreaterThan(0);
    const [worn] = await t.db
      .select()
      .from(botImageLibrary)
      .where(eq(botImageLibrary.isClaimed, true))
      .limit(1);
    const response = await admin.request({ method: "DELETE", url: "/api/admin/image-library" });
    expect(response.json()).toEqual({ message: `Library cleared: ${total} images deleted`, deleted: total });
    expect((await summary()).total).toBe(0);
    expect(await libraryFiles()).toEqual([]);
    // A claimed image belongs to a fused bot's picture: it stays stored.
    expect(await isStored(t.db, worn!.imageUrl)).toBe(true);
  });

  it("says 'Library is already empty' when there is nothing to clear", async () => {
    const response = await admin.request({ method: "DELETE", url: "/api/admin/image-library" });
    expect(response.json()).toEqual({ message: "Library is already empty", deleted: 0 });
  });
});

describe("the operations log", () => {
  it("holds a row for every library action of this file, refusals included", async () => {
    const rows = await listAdminOperations(t.db, { adminId: admin.id, limit: 500 });
    const seen = new Set(rows.map((r) => `${r.action}:${r.result}`));
    for (const entry of [
      "image_upload:success",
      "image_upload:error",
      "image_generate:success",
      "image_library_clear:success",
      "image_library_clear:warning",
      "image_library_top_up:success",
    ]) {
      expect(seen, entry).toContain(entry);
    }
    const refused = rows.find((r) => r.action === "image_upload" && r.detail.filename === "evil.png");
    expect(refused).toMatchObject({
      result: "error",
      detail: { message: "Upload failed", refusal: adminMediaMessages.imageNotAccepted },
    });
    const cleared = rows.find((r) => r.action === "image_library_clear" && r.result === "success");
    expect(cleared?.detail.deleted).toBeGreaterThan(0);
  });
});
