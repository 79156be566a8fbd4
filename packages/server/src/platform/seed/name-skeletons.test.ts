// The start-up fill of the name skeletons for rows stored before the name rules: every row gets its skeleton
// except a newer look-alike of an older row, which stays null, is renamed never, and is named in a warning at
// every start.
import { authMessages } from "@bot-arena/contract";
import { nameSkeleton } from "@bot-arena/game";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp, uniqueName } from "../../../test/helpers";
import { guilds, profiles } from "../db/schema";
import type { UserId } from "../ids";
import { fillNameSkeletons, nameSkeletonsStep } from "./name-skeletons";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

/** A profile as an older server stored it: no skeleton, any name. */
async function legacyProfile(username: string, minute: number) {
  const [row] = await t.db
    .insert(profiles)
    .values({
      username,
      email: `${uniqueName("legacy")}@arena.test`,
      passwordHash: "x",
      createdAt: at(minute),
    })
    .returning({ id: profiles.id });
  return row!.id;
}

async function legacyGuild(name: string, tag: string, minute: number, disbanded = false) {
  const [row] = await t.db
    .insert(guilds)
    .values({ name, tag, createdAt: at(minute), disbandedAt: disbanded ? at(minute + 1) : null })
    .returning({ id: guilds.id });
  return row!.id;
}

const skeletonsOf = async (ids: UserId[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: profiles.id, skeleton: profiles.usernameSkeleton })
        .from(profiles)
        .where(inArray(profiles.id, ids))
    ).map((row) => [row.id, row.skeleton]),
  );

describe("filling the skeletons of names stored before the rule", () => {
  let admin: UserId;
  let cyrillic: UserId;
  let hiddenSpace: UserId;
  let plain: UserId;
  let guild: string;
  let guildLookAlike: string;
  let disbanded: string;

  beforeAll(async () => {
    // The Cyrillic look-alike is the older one: it keeps the skeleton; the Latin 'Admin' came later.
    cyrillic = await legacyProfile("\u0410dminLegacy", 1);
    admin = await legacyProfile("AdminLegacy", 2);
    hiddenSpace = await legacyProfile("AdminLegacy\u200B", 3);
    plain = await legacyProfile("Plain Legacy", 4);
    guild = await legacyGuild("Old Guard", "OLD", 1);
    guildLookAlike = await legacyGuild("\u041Eld Guard", "\u041EL2", 2);
    disbanded = await legacyGuild("Old Guard", "0LD", 0, true);
  });

  it("gives every row its skeleton except the newer look-alikes, which are returned, not renamed", async () => {
    const clashes = await fillNameSkeletons(t.db);
    expect(clashes).toEqual([
      {
        kind: "username",
        id: admin,
        name: "AdminLegacy",
        holderId: cyrillic,
        holderName: "\u0410dminLegacy",
      },
      {
        kind: "username",
        id: hiddenSpace,
        name: "AdminLegacy\u200B",
        holderId: cyrillic,
        holderName: "\u0410dminLegacy",
      },
      {
        kind: "guild name",
        id: guildLookAlike,
        name: "\u041Eld Guard",
        holderId: guild,
        holderName: "Old Guard",
      },
    ]);
    expect(await skeletonsOf([cyrillic, admin, hiddenSpace, plain])).toEqual({
      [cyrillic]: nameSkeleton("AdminLegacy"),
      [admin]: null,
      [hiddenSpace]: null,
      [plain]: nameSkeleton("Plain Legacy"),
    });
    const guildRows = await t.db
      .select({
        id: guilds.id,
        name: guilds.name,
        nameSkeleton: guilds.nameSkeleton,
        tagSkeleton: guilds.tagSkeleton,
      })
      .from(guilds)
      .where(inArray(guilds.id, [guild, guildLookAlike, disbanded]));
    expect(Object.fromEntries(guildRows.map((row) => [row.id, row]))).toEqual({
      [guild]: { id: guild, name: "Old Guard", nameSkeleton: nameSkeleton("Old Guard"), tagSkeleton: "old" },
      // Its tag 'ОL2' looks like no live tag: only the name stays without a skeleton.
      [guildLookAlike]: {
        id: guildLookAlike,
        name: "\u041Eld Guard",
        nameSkeleton: null,
        tagSkeleton: "ol2",
      },
      // A disbanded guild holds no name: its skeleton is filled, no clash.
      [disbanded]: {
        id: disbanded,
        name: "Old Guard",
        nameSkeleton: nameSkeleton("Old Guard"),
        tagSkeleton: "old",
      },
    });
  });

  it("at every start: the same rows named in one warning, nothing else changed", async () => {
    const warnings: { obj: unknown; msg?: string }[] = [];
    const log = { info() {}, warn: (obj: unknown, msg?: string) => warnings.push({ obj, msg }) };
    await nameSkeletonsStep.run({
      db: t.db,
      log,
      media: undefined as never,
      config: { starterMusic: "off", dataDir: "" },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/^3 name\(s\) stored before the name rules look like an older one/);
    expect((warnings[0]!.obj as { clashes: { id: string }[] }).clashes.map((c) => c.id)).toEqual([
      admin,
      hiddenSpace,
      guildLookAlike,
    ]);
  });

  it("new sign-ups get their skeleton at once, and the older row's skeleton keeps a third look-alike out", async () => {
    const player = await signUp(t.app, { username: uniqueName("Fresh") });
    expect((await skeletonsOf([player.id]))[player.id]).toBe(nameSkeleton(player.me.username));
    const lookAlike = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: { username: "AdmlnLegacy", email: `${uniqueName("third")}@arena.test`, password: "secret1" },
    });
    expect(errorOf(lookAlike)).toMatchObject({ status: 409, message: authMessages.usernameTooSimilar });
  });

  it("once the clash is resolved by hand (a rename), the next start fills the row", async () => {
    await t.db
      .update(profiles)
      .set({ username: "Admin Renamed" })
      .where(inArray(profiles.id, [admin]));
    const clashes = await fillNameSkeletons(t.db);
    expect(clashes.map((c) => c.id)).toEqual([hiddenSpace, guildLookAlike]);
    expect((await skeletonsOf([admin]))[admin]).toBe(nameSkeleton("Admin Renamed"));
  });
});
