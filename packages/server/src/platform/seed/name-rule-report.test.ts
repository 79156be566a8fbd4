// Names stored before the names rule refused the Braille blank, private-use and unassigned code points (issue 43)
// are named in a warning at every start and never renamed; names that keep the rule, non-Latin ones and an
// emoji's presentation selector included, are not named.
import { nameSkeleton } from "@bot-arena/game";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp, uniqueName } from "../../../test/helpers";
import { pilot, setBot } from "../../features/arena/testing";
import { bots, guilds, profiles } from "../db/schema";
import { findNameBreaks, nameRuleReportStep } from "./name-rule-report";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A profile as an older server stored it, with a name the rule now refuses. */
async function legacyProfile(username: string) {
  const [row] = await t.db
    .insert(profiles)
    .values({
      username,
      usernameSkeleton: `${nameSkeleton(username)}-${uniqueName("old")}`,
      email: `${uniqueName("legacy")}@arena.test`,
      passwordHash: "x",
    })
    .returning({ id: profiles.id });
  return row!.id;
}

async function legacyGuild(name: string, tag: string, disbanded = false) {
  const [row] = await t.db
    .insert(guilds)
    .values({ name, tag, disbandedAt: disbanded ? new Date() : null })
    .returning({ id: guilds.id });
  return row!.id;
}

describe("the start-up report of names that break the names rule", () => {
  it("names each live name with a blank, private-use or unassigned character, and what it holds", async () => {
    const live = await signUp(t.app, { username: uniqueName("Live") });
    const braille = await legacyProfile(`${live.me.username}\u2800`);
    const privateUse = await legacyProfile(`\uE000${uniqueName("Quiet")}`);
    await legacyProfile(`José ${uniqueName("ok")}`);
    const guild = await legacyGuild("Iron\u0378 Fist", "IR\u{F0000}");
    await legacyGuild("Gone\u2800", "GON", true);
    await legacyGuild("Старая Гвардия", "СГ1");
    const blankBot = await pilot(t, "Bolt");
    await setBot(t.db, blankBot.bot.id, { name: "Bolt\u3164" });
    const emojiBot = await pilot(t, "Heart ❤\uFE0F");

    const breaks = await findNameBreaks(t.db);
    // In table order (usernames, guild names, tags, bots); within a table by id.
    expect(breaks.map((b) => b.kind)).toEqual([
      "username",
      "username",
      "guild name",
      "guild tag",
      "bot name",
    ]);
    expect(breaks).toEqual(
      expect.arrayContaining([
        { kind: "username", id: braille, name: `${live.me.username}\u2800`, characters: ["U+2800"] },
        {
          kind: "username",
          id: privateUse,
          name: expect.stringMatching(/^\uE000Quiet/),
          characters: ["U+E000"],
        },
        { kind: "guild name", id: guild, name: "Iron\u0378 Fist", characters: ["U+0378"] },
        { kind: "guild tag", id: guild, name: "IR\u{F0000}", characters: ["U+F0000"] },
        { kind: "bot name", id: blankBot.bot.id, name: "Bolt\u3164", characters: ["U+3164"] },
      ]),
    );
    expect(breaks.some((b) => b.id === emojiBot.bot.id)).toBe(false);
  });

  it("warns at every start, and renames nothing", async () => {
    const warnings: { obj: unknown; msg?: string }[] = [];
    const log = { info() {}, warn: (obj: unknown, msg?: string) => warnings.push({ obj, msg }) };
    const run = () =>
      nameRuleReportStep.run({
        db: t.db,
        log,
        media: undefined as never,
        config: { starterMusic: "off", dataDir: "" },
      });
    await run();
    await run();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.msg).toBe(
      "5 name(s) stored before the names rule hold characters that draw nothing or a box: resolve them by hand (docs/game-rules.md, Names)",
    );
    expect(warnings[1]).toEqual(warnings[0]);
    const named = (warnings[0]!.obj as { names: { kind: string; id: string; name: string }[] }).names;
    const users = await t.db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(
        inArray(
          profiles.id,
          named.filter((n) => n.kind === "username").map((n) => n.id as never),
        ),
      );
    expect(users.map((u) => u.username).sort()).toEqual(
      named
        .filter((n) => n.kind === "username")
        .map((n) => n.name)
        .sort(),
    );
    const botNames = await t.db
      .select({ name: bots.name })
      .from(bots)
      .where(inArray(bots.name, ["Bolt\u3164"]));
    expect(botNames).toEqual([{ name: "Bolt\u3164" }]);
  });
});
