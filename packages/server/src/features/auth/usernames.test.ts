// Usernames that would pass for another player's (issue 27): each trick on sign-up is refused with its words
// and creates nothing; look-alikes are one name by their confusable skeleton, under a race too.
import { authMessages } from "@bot-arena/contract";
import { messages, nameSkeleton } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp, uniqueName } from "../../../test/helpers";
import { raceIt } from "../../../test/race";
import { hashPassword } from "../../platform/auth/password";
import { createSessions } from "../../platform/auth/session";
import { systemClock } from "../../platform/clock";
import { coinLedger, profiles } from "../../platform/db/schema";
import { createAuthService } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZWSP = "\u200B";
const ZWJ = "\u200D";
const RLO = "\u202E";
const hidden = messages.nameHasHiddenCharacters("Username");

const signUpAs = (username: string, email = `${uniqueName("mail")}@arena.test`) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up",
    payload: { username, email, password: "secret1" },
  });

/** Signs up with an ASCII email whatever the name's script (the helper's email is made from the name). */
const signUpNamed = (username: string) =>
  signUp(t.app, { username, email: `${uniqueName("mail")}@arena.test` });

async function rowsWithEmail(email: string) {
  const [row] = await t.db
    .select({ accounts: sql<number>`count(*)::int` })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = lower(${email})`);
  return row!.accounts;
}

/** Refused with `status` and `message` on the username field, and no account, coin or session made. */
async function expectRefused(username: string, status: number, message: string) {
  const email = `${uniqueName("mail")}@arena.test`;
  const ledgerBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(coinLedger);
  const response = await signUpAs(username, email);
  expect(errorOf(response)).toMatchObject({ status, message });
  if (status === 400) expect(errorOf(response).fields).toEqual({ username: message });
  expect(response.headers["set-cookie"]).toBeUndefined();
  expect(await rowsWithEmail(email)).toBe(0);
  const ledgerAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(coinLedger);
  expect(ledgerAfter).toEqual(ledgerBefore);
}

describe("sign-up refuses a username with hidden characters", () => {
  it("a victim's name with a zero-width space appended", async () => {
    const victim = await signUpNamed(uniqueName("Victim"));
    await expectRefused(`${victim.me.username}${ZWSP}`, 400, hidden);
    expect(hidden).toBe(
      "Username cannot contain invisible, private-use, unassigned, control or text-direction characters",
    );
  });

  it("a victim's name with a zero-width joiner inside", async () => {
    const victim = await signUpNamed(uniqueName("Victim"));
    const name = victim.me.username;
    await expectRefused(`${name.slice(0, 3)}${ZWJ}${name.slice(3)}`, 400, hidden);
  });

  it("a right-to-left override followed by the victim's name reversed (it displays as the victim's)", async () => {
    const victim = await signUpNamed(uniqueName("Victim"));
    await expectRefused(`${RLO}${[...victim.me.username].reverse().join("")}`, 400, hidden);
  });

  it("a name of invisible characters only", async () => {
    await expectRefused(`${ZWSP}${ZWJ}${ZWSP}`, 400, hidden);
    // Hangul fillers are letters to Unicode but show nothing.
    await expectRefused("\u3164\u3164", 400, hidden);
  });

  it("a name with no letter or digit", async () => {
    await expectRefused("._.", 400, "Username must contain at least one letter or digit");
  });

  it("a victim's name with the Braille blank or a private-use character at either end (issue 43)", async () => {
    const victim = await signUpNamed(uniqueName("Victim"));
    const name = victim.me.username;
    for (const blank of ["\u2800", "\uE000", "\u{10FFFD}", "\u0378"]) {
      await expectRefused(`${name}${blank}`, 400, hidden);
      await expectRefused(`${blank}${name}`, 400, hidden);
    }
  });
});

describe("look-alike usernames are one name (confusable skeleton)", () => {
  it("'Admin' with a Cyrillic A after 'Admin': refused with 'looks the same'", async () => {
    const suffix = uniqueName("").slice(1);
    await signUpNamed(`Admin${suffix}`);
    await expectRefused(`\u0410dmin${suffix}`, 409, authMessages.usernameTooSimilar);
    expect(authMessages.usernameTooSimilar).toBe("This username looks the same as another player's");
  });

  it("the Cyrillic one first keeps the Latin one out too, and capitals, 0/O and I/l count as look-alikes", async () => {
    const suffix = uniqueName("").slice(1);
    await signUpNamed(`\u0410dmin${suffix}`);
    await expectRefused(`Admin${suffix}`, 409, authMessages.usernameTooSimilar);
    await expectRefused(`ADMlN${suffix}`, 409, authMessages.usernameTooSimilar);
    await signUpNamed(`B0B${suffix}`);
    await expectRefused(`BOB${suffix}`, 409, authMessages.usernameTooSimilar);
  });

  it("the same name in another case is still 'already taken'", async () => {
    const victim = await signUpNamed(uniqueName("Victim"));
    await expectRefused(victim.me.username.toUpperCase(), 409, authMessages.usernameTaken);
  });

  it("NFKC: a fullwidth name is stored as the ordinary one, and so collides with it", async () => {
    const suffix = uniqueName("").slice(1);
    const fullwidth = [...`Wide${suffix}`]
      .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join("");
    expect(fullwidth).not.toBe(`Wide${suffix}`);
    const player = await signUpNamed(fullwidth);
    expect(player.me.username).toBe(`Wide${suffix}`);
    await expectRefused(`wide${suffix}`, 409, authMessages.usernameTaken);
  });

  it("stores the skeleton with the account; ordinary names of any script sign up as typed", async () => {
    for (const base of ["José", "山田", "Владимир"]) {
      const username = `${base}${uniqueName("").slice(1)}`;
      const player = await signUpNamed(username);
      expect(player.me.username).toBe(username);
      const [row] = await t.db
        .select({ username: profiles.username, skeleton: profiles.usernameSkeleton })
        .from(profiles)
        .where(eq(profiles.id, player.id));
      expect(row).toEqual({ username, skeleton: nameSkeleton(username) });
    }
  });

  raceIt("look-alike sign-ups at once, five rounds of eight: exactly one account each", async () => {
    // Straight through the service with one hash made beforehand, so the eight transactions really overlap
    // (through the API, hashing staggers them and the first check inside the transaction decides).
    const auth = createAuthService({
      db: t.db,
      sessions: createSessions({ db: t.db, clock: systemClock, config: t.config }),
      config: { ...t.config, adminEmails: [] },
    });
    const passwordHash = await hashPassword("secret1", t.config.passwordHashCost);
    for (let round = 0; round < 5; round++) {
      const suffix = uniqueName("").slice(1);
      const names = [
        "Admin",
        "\u0410dmin",
        "Adm1n",
        "\u0391dmin",
        "ADMlN",
        "\u0410dm\u0456n",
        "Adrnin",
        "AdmIn",
      ].map((base) => `${base}${suffix}`);
      const outcomes = await Promise.allSettled(
        names.map((username) =>
          auth.createAccount(
            { username, email: `${uniqueName("race")}@arena.test`, password: "secret1" },
            passwordHash,
          ),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") {
          expect(outcome.reason).toMatchObject({ status: 409, code: "USERNAME_TAKEN" });
        }
      }
      const [row] = await t.db
        .select({ accounts: sql<number>`count(*)::int` })
        .from(profiles)
        .where(eq(profiles.usernameSkeleton, nameSkeleton(names[0]!)));
      expect(row!.accounts).toBe(1);
    }
  });
});
