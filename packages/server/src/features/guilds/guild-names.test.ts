// Guild names and tags that would pass for another guild's (issue 27): each trick on founding is refused with
// its words, costs nothing and founds nothing; look-alike names and tags of live guilds are one by their
// confusable skeleton, which a disbanded guild no longer holds.
import { messages, nameSkeleton } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { raceIt } from "../../../test/race";
import { coinLedger, guilds } from "../../platform/db/schema";
import { coinsOf } from "../bots/testing";
import { foundGuild, guildNames } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZWSP = "\u200B";
const ZWJ = "\u200D";
const RLO = "\u202E";
const reversed = (text: string) => [...text].reverse().join("");

const guildCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(guilds))[0]!.n;
const feesOf = async (player: Player) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coinLedger)
      .where(sql`${coinLedger.userId} = ${player.id} and ${coinLedger.reason} = 'guild_create'`)
  )[0]!.n;

/** Founding with `body` is refused with `status` and `message`; no guild, no fee. */
async function expectRefused(body: { name: string; tag: string }, status: number, message: string) {
  const player = await signUp(t.app);
  const before = await guildCount();
  const response = await player.post("/api/guilds", body);
  expect(errorOf(response)).toMatchObject({ status, message });
  expect(await guildCount()).toBe(before);
  expect(await coinsOf(player)).toBe(1000);
  expect(await feesOf(player)).toBe(0);
}

describe("founding refuses a guild name or tag with hidden characters", () => {
  const name = messages.nameHasHiddenCharacters("Guild name");
  const tag = messages.nameHasHiddenCharacters("Guild tag");

  it("another guild's name or tag with a zero-width space appended", async () => {
    const victim = await foundGuild(await signUp(t.app));
    await expectRefused({ name: `${victim.name}${ZWSP}`, tag: "ZW1" }, 400, name);
    await expectRefused({ name: "Zero Width One", tag: `${victim.tag}${ZWSP}` }, 400, tag);
    expect(name).toBe(
      "Guild name cannot contain invisible, private-use, unassigned, control or text-direction characters",
    );
  });

  it("a zero-width joiner inside the name or the tag", async () => {
    const victim = await foundGuild(await signUp(t.app));
    await expectRefused(
      { name: `${victim.name.slice(0, 2)}${ZWJ}${victim.name.slice(2)}`, tag: "ZJ1" },
      400,
      name,
    );
    await expectRefused(
      { name: "Joined Up", tag: `${victim.tag.slice(0, 1)}${ZWJ}${victim.tag.slice(1)}` },
      400,
      tag,
    );
  });

  it("a right-to-left override followed by the name or the tag reversed", async () => {
    const victim = await foundGuild(await signUp(t.app));
    await expectRefused({ name: `${RLO}${reversed(victim.name)}`, tag: "RL1" }, 400, name);
    await expectRefused({ name: "Overridden", tag: `${RLO}${reversed(victim.tag)}` }, 400, tag);
  });

  it("a name and a tag of invisible characters only", async () => {
    await expectRefused({ name: `${ZWSP}${ZWSP}`, tag: `${ZWSP}` }, 400, name);
    await expectRefused({ name: "Visible Name", tag: `${ZWJ}${ZWSP}` }, 400, tag);
    await expectRefused({ name: "\u3164\u3164", tag: "HF1" }, 400, name);
  });

  it("a name or a tag with no letter or digit", async () => {
    await expectRefused(
      { name: "*** ***", tag: "ST1" },
      400,
      "Guild name must contain at least one letter or digit",
    );
    await expectRefused(
      { name: "Starry", tag: "**" },
      400,
      "Guild tag must contain at least one letter or digit",
    );
  });
});

describe("look-alike guild names and tags are one (confusable skeleton, live guilds)", () => {
  it("Cyrillic look-alike letters in the name: refused with 'looks the same'", async () => {
    await foundGuild(await signUp(t.app), { name: "Crimson Paradox", tag: "CPX1" });
    // Cyrillic С, о, а and Latin elsewhere.
    await expectRefused(
      { name: "\u0421rims\u043En P\u0430radox", tag: "CPX2" },
      409,
      messages.guildNameTooSimilar,
    );
    expect(messages.guildNameTooSimilar).toBe("A guild with a name that looks the same already exists");
  });

  it("Cyrillic look-alike letters in the tag: refused with 'looks the same'", async () => {
    await foundGuild(await signUp(t.app), { name: "Tag Owner", tag: "OPA" });
    await expectRefused({ name: "Tag Copier", tag: "\u041E\u0420\u0410" }, 409, messages.guildTagTooSimilar);
    await expectRefused({ name: "Tag Digits", tag: "0PA" }, 409, messages.guildTagTooSimilar);
  });

  it("NFKC: a fullwidth name is stored plain and so is the same name", async () => {
    const guild = await foundGuild(await signUp(t.app), { name: "Ｗｉｄｅ Ｏｎｅ", tag: "ＷＩＤ" });
    expect(guild).toMatchObject({ name: "Wide One", tag: "WID" });
    await expectRefused({ name: "wide one", tag: "WD2" }, 409, messages.guildNameTaken);
  });

  it("stores both skeletons; a disbanded guild's look-alikes are free again", async () => {
    const leader = await signUp(t.app);
    const guild = await foundGuild(leader, { name: "Phoenix Rising", tag: "PHX" });
    const [row] = await t.db
      .select({ nameSkeleton: guilds.nameSkeleton, tagSkeleton: guilds.tagSkeleton })
      .from(guilds)
      .where(eq(guilds.id, guild.id));
    expect(row).toEqual({ nameSkeleton: nameSkeleton("Phoenix Rising"), tagSkeleton: nameSkeleton("PHX") });
    expect((await leader.post(`/api/guilds/${guild.id}/leave`)).statusCode).toBe(200);
    const again = await foundGuild(await signUp(t.app), { name: "\u0420hoenix Rising", tag: "\u0420HX" });
    expect(again.name).toBe("\u0420hoenix Rising");
  });

  it("ordinary names and tags of any script found as typed", async () => {
    const guild = await foundGuild(await signUp(t.app), { name: "Los Niños de José", tag: "山田" });
    expect(guild).toMatchObject({ name: "Los Niños de José", tag: "山田" });
  });

  raceIt("six look-alike foundings at once: exactly one guild, one fee", async () => {
    const names = guildNames("Race");
    // 'Race ...' as typed, in capitals, in small letters, and with a Cyrillic а, е or с.
    const lookAlikes = [
      names.name,
      names.name.toUpperCase(),
      names.name.toLowerCase(),
      names.name.replace("a", "\u0430"),
      names.name.replace("e", "\u0435"),
      names.name.replace("c", "\u0441"),
    ];
    const players = await Promise.all(lookAlikes.map(() => signUp(t.app)));
    const responses = await Promise.all(
      players.map((player, i) =>
        player.post("/api/guilds", { name: lookAlikes[i], tag: `R${i}${names.tag.slice(0, 3)}` }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(errorOf(response).status).toBe(409);
    }
    const fees = await Promise.all(players.map(feesOf));
    expect(fees.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
