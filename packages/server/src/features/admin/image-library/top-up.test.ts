// The library top-up: with it on, fusions never run out of pictures (one player once emptied the uncommon slot
// for everyone), every fused bot gets a picture of its own, and background passes refill each slot to the
// target without two processes overfilling it; with it off, an empty slot refuses as before.
import { LIBRARY_LOW_MARK } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../../test/helpers";
import { botImageLibrary } from "../../../platform/db/schema";
import { insertBot } from "../../bank/economy-test-kit";
import { addLibraryImages } from "../../bots/images";
import { availableIn, createLibraryTopUp, TOP_UP_TARGET } from "./top-up";

const adminEmail = "topup_boss@arena.test";
let t: TestApp;
let admin: Player;
const quiet = { info() {}, warn() {}, error() {} };
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail] } });
  admin = await signUp(t.app, { username: "topup_boss", email: adminEmail });
});
afterAll(() => t.close());

const setTopUp = (enabled: boolean) =>
  admin.request({ method: "PUT", url: "/api/admin/image-library/top-up", payload: { enabled } });
const available = (rarity: "uncommon" | "rare", botClass: "hero" | "villain" | "support") =>
  availableIn(t.db, rarity, botClass);

async function pairOfCommons(): Promise<{ player: Player; ids: [string, string] }> {
  const player = await signUp(t.app);
  const a = await insertBot(t.db, player, { rarity: "common", class: "villain" });
  const b = await insertBot(t.db, player, { rarity: "common", class: "villain" });
  return { player, ids: [a.id, b.id] };
}

describe("fusion with the top-up", () => {
  it("off: an empty rarity refuses the fusion with the spec's message", async () => {
    await setTopUp(false);
    const { player, ids } = await pairOfCommons();
    const refused = await player.post("/api/fusion", { bot1Id: ids[0], bot2Id: ids[1] });
    expect(errorOf(refused)).toMatchObject({ status: 409, message: messages.noImagesForRarity("uncommon") });
  });

  it("on: 50 parallel fusions into a slot of 3 images all succeed, each bot with a picture of its own", async () => {
    for (const botClass of ["hero", "villain", "support"] as const) {
      await addLibraryImages(t.db, { rarity: "uncommon", botClass, amount: 1 }, { media: t.app.media });
    }
    expect((await setTopUp(true)).statusCode).toBe(200);
    const pairs = await Promise.all(Array.from({ length: 50 }, () => pairOfCommons()));
    const responses = await Promise.all(
      pairs.map(({ player, ids }) => player.post("/api/fusion", { bot1Id: ids[0], bot2Id: ids[1] })),
    );
    const refused = responses.filter((r) => r.statusCode >= 300).map((r) => r.body);
    expect(refused).toEqual([]);
    const pictures = responses.map((r) => r.json().bot.imageUrl as string);
    expect(new Set(pictures).size).toBe(50);
    for (const picture of pictures) expect(picture).toMatch(/^\/media\/bots\/[0-9a-f]{32}\.svg$/);
  }, 120_000);
});

describe("background passes", () => {
  it("refill every slot to the target, and two processes together never overfill one", async () => {
    await setTopUp(true);
    const processA = createLibraryTopUp({
      db: t.db,
      media: t.app.media,
      defaultEnabled: false,
      intervalMs: 0,
      log: quiet,
    });
    const processB = createLibraryTopUp({
      db: t.db,
      media: t.app.media,
      defaultEnabled: false,
      intervalMs: 0,
      log: quiet,
    });
    await Promise.all([processA.runOnce(), processB.runOnce()]);
    for (const botClass of ["hero", "villain", "support"] as const) {
      expect(await available("uncommon", botClass)).toBe(TOP_UP_TARGET);
      expect(await available("rare", botClass)).toBe(TOP_UP_TARGET);
    }
    expect(TOP_UP_TARGET).toBe(LIBRARY_LOW_MARK);
    expect(await processA.runOnce()).toBe(0);
  }, 120_000);

  it("do nothing while the switch is off", async () => {
    await setTopUp(false);
    await t.db.delete(botImageLibrary);
    const process = createLibraryTopUp({
      db: t.db,
      media: t.app.media,
      defaultEnabled: true,
      intervalMs: 0,
      log: quiet,
    });
    expect(await process.runOnce()).toBe(0);
    expect(await available("rare", "hero")).toBe(0);
  });

  it("follow the configured default until an admin has chosen", async () => {
    const fresh = await createTestApp();
    const on = createLibraryTopUp({
      db: fresh.db,
      media: t.app.media,
      defaultEnabled: true,
      intervalMs: 0,
      log: quiet,
    });
    const off = createLibraryTopUp({
      db: fresh.db,
      media: t.app.media,
      defaultEnabled: false,
      intervalMs: 0,
      log: quiet,
    });
    expect(await on.isEnabled()).toBe(true);
    expect(await off.isEnabled()).toBe(false);
    await fresh.close();
  });
});
