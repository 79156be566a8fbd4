// The authorization matrix over every route of the contract: no session → 401, a player on an admin route →
// 403, another player's resource in the path or body → 404 (and the victim's things untouched).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEconomy } from "../../src/platform/economy-audit";
import { errorOf } from "../helpers";
import { allContractRoutes, type ContractRoute, fillPath, hasPathId, servedRoutes } from "./contract-routes";
import { buildWorld, type Holdings, rosterOf, type World } from "./world";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w.t.close());

/** Whose thing a path id names, by path; a route with an id not listed here must be added (see the last test). */
const ownedIds: [RegExp, keyof Holdings][] = [
  [/^\/api\/bots\/:id/, "bot"],
  [/^\/api\/inventory\/:id/, "inventory"],
  [/^\/api\/marketplace\/listings\/:id$/, "listing"],
];
/** Routes whose id is meant to name someone else's thing. */
const sharedByDesign: Record<string, string> = {
  "GET /api/battles/:id": "any signed-in player may watch a stored battle",
  "GET /api/pilots/:username": "a pilot's PvP profile is open to every signed-in player, as its replays are",
  "GET /api/pvp/seasons/:number":
    "a closed season's standings are the arena's, open to every signed-in player",
  "GET /api/arena/pvp/opponents/:id/win-chance":
    "names another player's bot, the PvP target; one's own bot is refused (arena win-chance tests)",
  "POST /api/marketplace/listings/:id/buy": "buying is what other players' listings are for",
  "GET /api/marketplace/listings/:id/battles": "a listed bot's record is public while it is for sale",
  "POST /api/chat/messages/:id/report": "any player may report any message in the global chat",
  "DELETE /api/chat/hidden/:userId": "names another player; only the caller's own hidden list changes",
  "DELETE /api/admin/chat/messages/:id": "admins moderate every player's messages",
  "DELETE /api/admin/chat/mutes/:userId": "admins moderate every player",
  "PATCH /api/admin/music/:id": "admins manage every track",
  "DELETE /api/admin/music/:id": "admins manage every track",
  "POST /api/admin/cashouts/:id/paid": "admins settle every player's cash-out",
  "POST /api/admin/cashouts/:id/refund": "admins settle every player's cash-out",
  "POST /api/admin/cashouts/:id/approve": "admins review every player's cash-out",
  "POST /api/admin/accounts/:id/freeze": "admins freeze any player's account",
  "POST /api/admin/accounts/:id/unfreeze": "admins unfreeze any player's account",
  "GET /api/guilds/:id": "every guild's page is open to players",
  "POST /api/guilds/:id/join": "joining is what other players' guilds are for",
  "POST /api/guilds/:id/contribute":
    "membership, not ownership, decides (a non-member is refused by the guild rules)",
  "POST /api/guilds/:id/leave":
    "membership, not ownership, decides (a non-member is refused by the guild rules)",
  "POST /api/guilds/:id/chat": "membership decides (a non-member is refused: chat/guild-chat.test.ts)",
  "DELETE /api/guilds/:id/chat/:messageId":
    "membership and role decide (a plain member or another guild's leader is refused: chat/guild-chat.test.ts)",
  "POST /api/guilds/:id/sit-out":
    "membership and role decide (a non-member or a plain member is refused: guild-wars/sit-out.test.ts)",
  "POST /api/guilds/:id/members/:userId/promote":
    "names another member; the guild's roles decide (guild tests)",
  "POST /api/guilds/:id/members/:userId/demote":
    "names another member; the guild's roles decide (guild tests)",
  "POST /api/guilds/:id/members/:userId/remove":
    "names another member; the guild's roles decide (guild tests)",
  "POST /api/guilds/:id/perks":
    "membership and role decide (a plain member or a non-member is refused: guilds/perks tests)",
  "POST /api/alerts/:id/read":
    "owner-scoped by the alert's player: another player's alert is 404 Alert not found (alerts/alerts.test.ts)",
  "GET /api/guild-wars/:id": "every war is public",
  "GET /api/tournaments/:id": "every tournament is public to players",
  "POST /api/tournaments/:id/join": "joining is what a tournament is for",
  "POST /api/tournaments/:id/ready": "only the caller's own entry changes",
  "POST /api/admin/tournaments/:id/start": "admins run every tournament",
  "POST /api/admin/tournaments/:id/stop": "admins run every tournament",
  "POST /api/admin/tournaments/:id/force-complete": "admins run every tournament",
  "POST /api/admin/tournaments/:id/archive": "admins run every tournament",
};

const ownedKind = (route: ContractRoute) => ownedIds.find(([pattern]) => pattern.test(route.spec.path))?.[1];

/** A body the route accepts in shape, so only ownership can refuse it. */
function bodyFor(route: ContractRoute): unknown {
  const bodies: Record<string, unknown> = {
    "POST /api/bots/:id/name": { name: "Stolen Name" },
    "POST /api/bots/:id/allocate": { strength: 4, agility: 3, defense: 2, intelligence: 1 },
    "POST /api/bots/:id/rename": { name: "Stolen Name" },
    "POST /api/bots/:id/train": { stat: "strength" },
    "POST /api/bots/:id/customize": { name: "Stolen Name", colorScheme: "Gold" },
    "PATCH /api/admin/music/:id": { isActive: false },
    "POST /api/admin/cashouts/:id/paid": { reference: "LN-1" },
    "POST /api/admin/cashouts/:id/refund": { reason: "Wrong gamertag" },
    "POST /api/admin/accounts/:id/freeze": { reason: "Farm" },
    "POST /api/guilds/:id/contribute": { amount: 10 },
    "POST /api/guilds/:id/sit-out": { sitOut: true },
    "POST /api/guilds/:id/chat": { message: "Hello guild" },
    "POST /api/guilds/:id/perks": { perk: "seats", level: 1 },
  };
  return bodies[route.name];
}

const call = (route: ContractRoute, options: { cookie?: string; id?: string; body?: unknown }) =>
  w.t.app.inject({
    method: route.spec.method,
    url: fillPath(route.spec.path, options.id ? { id: options.id } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });

describe("the authorization matrix", () => {
  it("walks a route of every feature that has landed", () => {
    const served = servedRoutes(w.t.app).map((r) => r.name);
    expect(served).toEqual(expect.arrayContaining(["GET /api/me", "POST /api/auth/sign-up"]));
    expect(served.length).toBeGreaterThanOrEqual(allContractRoutes().length / 2);
  });

  it("answers 401 NOT_AUTHENTICATED on every player and admin route without a session", async () => {
    for (const route of servedRoutes(w.t.app).filter((r) => r.spec.auth !== "none")) {
      const response = await call(route, { body: bodyFor(route) });
      expect({ route: route.name, ...errorOf(response) }).toMatchObject({
        route: route.name,
        status: 401,
        code: "NOT_AUTHENTICATED",
      });
    }
  });

  it("answers 401 to a forged or expired-looking cookie", async () => {
    const route = servedRoutes(w.t.app).find((r) => r.name === "GET /api/me")!;
    for (const cookie of ["ba_session=forged", `ba_session=${"A".repeat(43)}`, "ba_session="]) {
      expect(errorOf(await call(route, { cookie })).status).toBe(401);
    }
  });

  it("answers 403 FORBIDDEN to a player on every admin route", async () => {
    const adminRoutes = servedRoutes(w.t.app).filter((r) => r.spec.auth === "admin");
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const response = await call(route, {
        cookie: w.attacker.cookie,
        body: { email: w.attacker.email, amount: 5 },
      });
      expect({ route: route.name, ...errorOf(response) }).toMatchObject({ status: 403, code: "FORBIDDEN" });
    }
  });

  it("answers 404 when a path names another player's bot, item or listing, and changes nothing", async () => {
    const before = await rosterOf(w.victim);
    const checked: string[] = [];
    for (const route of servedRoutes(w.t.app).filter((r) => ownedKind(r))) {
      const id = w.victim.holds[ownedKind(route)!];
      if (!id) continue;
      const response = await call(route, { cookie: w.attacker.cookie, id, body: bodyFor(route) });
      expect({ route: route.name, ...errorOf(response) }).toMatchObject({ status: 404, code: "NOT_FOUND" });
      checked.push(route.name);
    }
    expect(checked.length).toBeGreaterThanOrEqual(5);
    expect(await rosterOf(w.victim)).toEqual(before);
  });

  it("answers 404 for unknown ids on every route that takes one", async () => {
    for (const route of servedRoutes(w.t.app).filter((r) => hasPathId(r.spec))) {
      const response = await call(route, {
        // An admin route refuses a player before it looks at the id; the admin hears about the id.
        cookie: route.spec.auth === "admin" ? w.admin.cookie : w.attacker.cookie,
        id: randomUUID(),
        body: bodyFor(route),
      });
      expect({ route: route.name, ...errorOf(response) }).toMatchObject({ route: route.name, status: 404 });
    }
  });

  it("refuses another player's bot named in a body or query", async () => {
    const { bot, spareBot } = w.victim.holds;
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/marketplace/listings", { botId: spareBot, price: 1 }],
      ["POST", "/api/fusion", { bot1Id: w.attacker.holds.spareBot, bot2Id: spareBot }],
      ["GET", `/api/battles?botId=${bot}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      if (!w.t.app.hasRoute({ method, url: url.split("?")[0]! })) continue;
      const response = await w.attacker.request({
        method: method as "GET" | "POST",
        url,
        ...(body ? { payload: body as object } : {}),
      });
      expect({ url, ...errorOf(response) }).toMatchObject({ url, status: 404 });
    }
  });

  it("classifies every route with an id as owner-scoped or shared by design", () => {
    const unclassified = allContractRoutes()
      .filter((r) => hasPathId(r.spec) && !ownedKind(r) && !(r.name in sharedByDesign))
      .map((r) => r.name);
    expect(unclassified).toEqual([]);
  });

  it("leaves the economy whole", async () => {
    expect((await auditEconomy(w.t.db)).problems).toEqual([]);
  });
});
