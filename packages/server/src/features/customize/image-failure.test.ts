// When drawing fails the customization still stands ('Bot saved with default image'): name and colours are
// saved, the fee is charged once, the old image stays and the failed attempt is counted.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { bots } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { createBot } from "../bots/testing";
import { createCustomizeService } from "./service";

let t: TestApp;
let player: Player;
beforeAll(async () => {
  t = await createTestApp();
  player = await signUp(t.app);
});
afterAll(() => t.close());

describe("customize when the image cannot be drawn", () => {
  it("saves the change, keeps the old image and counts the attempt", async () => {
    const bot = await createBot(player, { name: "Sparky" });
    const service = createCustomizeService({
      db: t.db,
      clock: testClock(),
      images: {
        media: t.app.media,
        provider: {
          id: "broken",
          generate: async () => {
            throw new Error("image service down");
          },
        },
      },
    });
    const result = await service.customize(player.id, bot.id, { name: "Bolt", colorScheme: "Gold" });
    expect(result.imageGenerated).toBe(false);
    expect(result.bot).toMatchObject({ name: "Bolt", colorPrimary: "#ffd700", imageUrl: bot.imageUrl });
    const [row] = await t.db
      .select()
      .from(bots)
      .where(eq(bots.id, bot.id as BotId));
    expect(row!.imageGenerationAttempts).toBe(1);
  });
});
