// Drawing a bot's picture never happens while a transaction holds the player's rows: every action that draws
// (create, summon, name, refresh, equip, customize, a fusion into a dry rarity, the admin's generate, the
// library top-up) draws before its transaction opens or after it commits. The generator and the image store are
// wrapped to record, for each drawing (and each store lookup, which may find the file and draw nothing),
// whether a transaction of the app's database was open around it.
import { BOT_CLASSES, type MechaInput } from "@bot-arena/images";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type Player, signUp, type TestApp } from "../../../test/helpers";
import { inTransaction, watchTransactions } from "../../../test/transaction-watch";
import { botImageLibrary, equipment, inventory } from "../../platform/db/schema";
import { availableIn, createLibraryTopUp, TOP_UP_TARGET } from "../admin/image-library/top-up";
import { insertBot } from "../bank/economy-test-kit";
import { LIBRARY_RARITIES } from "./images";
import { createBot, giveCoins, summonFor } from "./testing";

const drawings = vi.hoisted(() => [] as { action: string; inTransaction: boolean }[]);
const current = vi.hoisted(() => ({ action: "" }));

vi.mock("@bot-arena/images", async (importOriginal) => {
  const original = await importOriginal<typeof import("@bot-arena/images")>();
  const watch = await import("../../../test/transaction-watch");
  return {
    ...original,
    renderMechaSvg(input: MechaInput) {
      drawings.push({ action: current.action, inTransaction: watch.inTransaction() });
      return original.renderMechaSvg(input);
    },
  };
});

vi.mock("./images/store", async (importOriginal) => {
  const original = await importOriginal<typeof import("./images/store")>();
  const watch = await import("../../../test/transaction-watch");
  return {
    ...original,
    storeBotImage(...args: Parameters<typeof original.storeBotImage>) {
      drawings.push({ action: `${current.action} (store)`, inTransaction: watch.inTransaction() });
      return original.storeBotImage(...args);
    },
  };
});

const adminEmail = "draw_watch@arena.test";
const quiet = { info() {}, warn() {}, error() {} };
let t: TestApp;
let player: Player;
let admin: Player;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail], imageLibraryTopUp: "on" } });
  watchTransactions(t.db);
  player = await signUp(t.app);
  admin = await signUp(t.app, { username: "draw_watch", email: adminEmail });
  await giveCoins(t.db, player, 5_000);
});
afterAll(() => t.close());

/** Runs one action and returns the drawings it made. */
async function drawn(action: string, work: () => Promise<unknown>) {
  current.action = action;
  const before = drawings.length;
  await work();
  return drawings.slice(before);
}

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
  return answer;
};

describe("no drawing inside a transaction", () => {
  it("the watch itself sees a drawing made inside a transaction", async () => {
    const { renderMechaSvg } = await import("@bot-arena/images");
    const made = await drawn("probe", () =>
      t.db.transaction(async () => {
        expect(inTransaction()).toBe(true);
        renderMechaSvg({ botName: "Probe", model: "Nova S-4", colorPrimary: "#fff", colorSecondary: "#000" });
      }),
    );
    expect(made).toEqual([{ action: "probe", inTransaction: true }]);
    expect(inTransaction()).toBe(false);
  });

  it("create, summon, name, refresh, equip, customize, fusion, generate and top-up all draw outside", async () => {
    let created = "";
    const create = await drawn("create", async () => {
      created = (await createBot(player, { name: "Watcher" })).id;
    });
    let summoned = "";
    const summon = await drawn("summon", async () => {
      summoned = (await summonFor(player, 1)).botIds[0]!;
    });
    const name = await drawn("name", () => ok(player.post(`/api/bots/${summoned}/name`, { name: "Sketch" })));
    const refresh = await drawn("refresh", () => ok(player.post(`/api/bots/${summoned}/refresh`, {})));
    const [sword] = await t.db.select().from(equipment).where(eq(equipment.type, "weapon")).limit(1);
    const [entry] = await t.db
      .insert(inventory)
      .values({ userId: player.id, equipmentId: sword!.id, isEquipped: false })
      .returning();
    const equip = await drawn("equip", () => ok(player.post(`/api/inventory/${entry!.id}/equip`, {})));
    const customize = await drawn("customize", () =>
      ok(player.post(`/api/bots/${created}/customize`, { name: "Watcher Two", colorScheme: "Gold" })),
    );
    // Two commons into uncommon, whose library slot is empty: the top-up draws a fresh one for the fusion.
    const a = await insertBot(t.db, player, { rarity: "common", class: "villain" });
    const b = await insertBot(t.db, player, { rarity: "common", class: "villain" });
    const fusion = await drawn("fusion", () =>
      ok(player.post("/api/fusion", { bot1Id: a.id, bot2Id: b.id })),
    );
    const generate = await drawn("generate", () =>
      ok(admin.post("/api/admin/image-library/generate", { rarity: "rare", botClass: "hero" })),
    );
    // The fusion nudged the app's own top-up pass, which fills every slot in the background: wait until it
    // has, then empty one slot, so a top-up pass of the test's own has a slot to draw for.
    const everySlotFull = () =>
      vi.waitFor(
        async () => {
          for (const rarity of LIBRARY_RARITIES) {
            for (const botClass of BOT_CLASSES) {
              expect(await availableIn(t.db, rarity, botClass)).toBeGreaterThanOrEqual(TOP_UP_TARGET);
            }
          }
        },
        { timeout: 60_000, interval: 200 },
      );
    await everySlotFull();
    await t.db
      .update(botImageLibrary)
      .set({ isClaimed: true })
      .where(and(eq(botImageLibrary.rarity, "diamond"), eq(botImageLibrary.botClass, "support")));
    const topUp = await drawn("top-up", () =>
      createLibraryTopUp({
        db: t.db,
        media: t.app.media,
        defaultEnabled: true,
        intervalMs: 0,
        log: quiet,
      }).runOnce(),
    );
    await everySlotFull();

    const byAction = { create, summon, name, refresh, equip, customize, fusion, generate, topUp };
    for (const [action, made] of Object.entries(byAction)) {
      expect(made.length, `${action} drew nothing`).toBeGreaterThan(0);
    }
    expect(drawings.filter((d) => d.inTransaction && d.action !== "probe")).toEqual([]);
    expect(drawings.some((d) => d.action === "refresh (store)")).toBe(true);
  }, 120_000);
});
