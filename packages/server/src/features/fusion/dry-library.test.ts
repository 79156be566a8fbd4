// A fusion into a rarity with no library image left: the transaction ends without writing, a fresh image is
// reserved outside it, and the retry puts it on the new bot; if the retry is refused, the reservation goes
// back to the library instead of staying claimed by nobody.
import { fusionMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp, testClock } from "../../../test/helpers";
import { bots } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { insertBot } from "../bank/economy-test-kit";
import { createFusionService, type LibraryRefill } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A refill that hands out one made-up picture, optionally running `meanwhile` before it answers. */
function refill(meanwhile: () => Promise<unknown> = async () => undefined) {
  const calls = { reserved: [] as string[], released: [] as string[] };
  const library: LibraryRefill = {
    async reserveFresh(want) {
      await meanwhile();
      const url = `/media/bots/${"a".repeat(31)}${calls.reserved.length}.svg`;
      calls.reserved.push(`${want.rarity}:${url}`);
      return url;
    },
    async release(url) {
      calls.released.push(url);
    },
    nudge() {},
  };
  return { library, calls };
}

async function pair() {
  const player = await signUp(t.app);
  const a = await insertBot(t.db, player, { rarity: "common", class: "villain" });
  const b = await insertBot(t.db, player, { rarity: "common", class: "villain" });
  return { userId: player.id as UserId, body: { bot1Id: a.id, bot2Id: b.id } };
}

describe("fusion into a dry rarity", () => {
  it("wears the image reserved outside the transaction", async () => {
    const { library, calls } = refill();
    const { userId, body } = await pair();
    const fused = await createFusionService({ db: t.db, clock: testClock(), library }).fuse(userId, body);
    expect(calls.reserved).toEqual([`uncommon:${fused.bot.imageUrl}`]);
    expect(calls.released).toEqual([]);
  });

  it("hands the reservation back when the retry is refused", async () => {
    const { userId, body } = await pair();
    // While the image is drawn, a parent stops being ready: the retry refuses.
    const { library, calls } = refill(() =>
      t.db
        .update(bots)
        .set({ statPointsAllocated: false })
        .where(eq(bots.id, body.bot1Id as never)),
    );
    const fuse = createFusionService({ db: t.db, clock: testClock(), library }).fuse(userId, body);
    await expect(fuse).rejects.toMatchObject({ message: fusionMessages.finishSetupFirst });
    expect(calls.released).toHaveLength(1);
  });

  it("refuses with the spec's message when the top-up is off", async () => {
    const { userId, body } = await pair();
    const library: LibraryRefill = { reserveFresh: async () => null, release: async () => {}, nudge() {} };
    const fuse = createFusionService({ db: t.db, clock: testClock(), library }).fuse(userId, body);
    await expect(fuse).rejects.toMatchObject({ message: messages.noImagesForRarity("uncommon") });
  });
});
