// Who may touch a bot: no session is 401 on every bot route; another player's bot, a missing one and a
// malformed id are all 404 'Bot not found', and none of them changes anything.
import { messages } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { botsOf, coinsOf, createBot, giveCoins, summonFor } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someId = "7f3c2a10-1111-4222-8333-944455556666";

describe("without a session", () => {
  it.each([
    ["GET", "/api/bots"],
    ["POST", "/api/bots"],
    ["GET", "/api/bots/preview.svg?model=Nova%20S-4&colorScheme=Cyber%20Blue"],
    ["POST", "/api/bots/summon"],
    ["POST", `/api/bots/${someId}/name`],
    ["POST", `/api/bots/${someId}/allocate`],
    ["POST", `/api/bots/${someId}/activate`],
    ["POST", `/api/bots/${someId}/rename`],
    ["POST", `/api/bots/${someId}/refresh`],
    ["POST", `/api/bots/${someId}/train`],
    ["DELETE", `/api/bots/${someId}`],
    ["GET", "/api/summons"],
  ] as const)("%s %s answers 401 Not authenticated", async (method, url) => {
    const response = await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
    expect(errorOf(response)).toMatchObject({ status: 401, message: messages.notAuthenticated });
  });
});

describe("someone else's bot", () => {
  let owner: Player;
  let intruder: Player;
  let botId: string;
  let summonedId: string;
  beforeAll(async () => {
    owner = await signUp(t.app);
    intruder = await signUp(t.app);
    botId = (await createBot(owner)).id;
    summonedId = (await summonFor(owner, 1)).botIds[0]!;
    await createBot(intruder);
    await giveCoins(t.db, intruder, 1000);
  });

  const actions: [string, (player: Player, id: string) => ReturnType<Player["post"]>][] = [
    ["name", (p, id) => p.post(`/api/bots/${id}/name`, { name: "Stolen Name" })],
    [
      "allocate",
      (p, id) =>
        p.post(`/api/bots/${id}/allocate`, { strength: 10, agility: 0, defense: 0, intelligence: 0 }),
    ],
    ["activate", (p, id) => p.post(`/api/bots/${id}/activate`)],
    ["rename", (p, id) => p.post(`/api/bots/${id}/rename`, { name: "Stolen" })],
    ["refresh", (p, id) => p.post(`/api/bots/${id}/refresh`)],
    ["train", (p, id) => p.post(`/api/bots/${id}/train`, { stat: "strength" })],
    ["recycle", (p, id) => p.request({ method: "DELETE", url: `/api/bots/${id}` })],
  ];

  it.each(actions)("%s answers 404 Bot not found and changes nothing", async (_, act) => {
    const ownerBots = await botsOf(owner);
    const intruderCoins = await coinsOf(intruder);
    for (const id of [botId, summonedId]) {
      expect(errorOf(await act(intruder, id))).toMatchObject({ status: 404, message: messages.botNotFound });
    }
    expect(await botsOf(owner)).toEqual(ownerBots);
    expect(await coinsOf(intruder)).toBe(intruderCoins);
  });

  it.each(actions)("%s of a missing or malformed id answers 404 Bot not found", async (_, act) => {
    for (const id of [someId, "not-a-uuid", "1", "%20"]) {
      expect(errorOf(await act(owner, id))).toMatchObject({ status: 404, message: messages.botNotFound });
    }
  });

  it("never lists another player's bots", async () => {
    const ids = (await botsOf(intruder)).map((bot) => bot.id);
    expect(ids).not.toContain(botId);
    expect(ids).not.toContain(summonedId);
  });
});
