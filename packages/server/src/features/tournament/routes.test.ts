// Every tournament route with its messages and permissions: no session (401), a player on an admin route (403),
// unknown tournaments (404), each refusal of join and ready, the admin's create checks and the actions each
// status offers, the operations log, entered bots held until the tournament ends, and live matches closed to
// spectators when the flag is off.
import type { CurrentTournamentResponse, PastTournamentsResponse } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, errorOf, type Player, signUp } from "../../../test/helpers";
import { listAdminOperations } from "../../platform/ops-log";
import { type Pilot, pilot } from "../arena/testing";
import { insertBot } from "../bank/economy-test-kit";
import { coinsOf, listOnMarket, setCoins } from "../bots/testing";
import {
  type Arena,
  adminAction,
  createTournament,
  detail,
  entrants,
  join,
  openArena,
  playUntil,
  ready,
  tournamentRow,
} from "./testing";

let arena: Arena;
let player: Player;
beforeAll(async () => {
  arena = await openArena();
  player = await signUp(arena.t.app);
});
afterAll(() => arena.t.close());

const unknownId = "00000000-0000-4000-8000-000000000000";

describe("who may call what", () => {
  const someId = unknownId;
  it.each([
    ["GET", "/api/tournaments/current"],
    ["GET", "/api/tournaments"],
    ["GET", `/api/tournaments/${someId}`],
    ["POST", `/api/tournaments/${someId}/join`],
    ["POST", `/api/tournaments/${someId}/ready`],
    ["GET", "/api/admin/tournaments"],
    ["POST", "/api/admin/tournaments"],
    ["POST", `/api/admin/tournaments/${someId}/start`],
    ["POST", `/api/admin/tournaments/${someId}/stop`],
    ["POST", `/api/admin/tournaments/${someId}/force-complete`],
    ["POST", `/api/admin/tournaments/${someId}/archive`],
  ])("%s %s: 401 'Not authenticated' without a session", async (method, url) => {
    expect(errorOf(await arena.t.app.inject({ method: method as "GET", url }))).toMatchObject({
      status: 401,
      message: "Not authenticated",
    });
  });

  it.each([
    ["GET", "/api/admin/tournaments"],
    ["POST", "/api/admin/tournaments"],
    ["POST", `/api/admin/tournaments/${someId}/start`],
    ["POST", `/api/admin/tournaments/${someId}/stop`],
    ["POST", `/api/admin/tournaments/${someId}/force-complete`],
    ["POST", `/api/admin/tournaments/${someId}/archive`],
  ])("%s %s: 403 'Unauthorized: Admin access required' for a player", async (method, url) => {
    const response = await player.request({ method: method as "GET", url, payload: { name: "Sneaky" } });
    expect(errorOf(response)).toMatchObject({ status: 403, message: "Unauthorized: Admin access required" });
  });

  it("unknown or malformed tournament ids are 404 'Tournament not found'", async () => {
    for (const id of [unknownId, "not-a-uuid"]) {
      for (const response of [
        await player.get(`/api/tournaments/${id}`),
        await join(player, id),
        await ready(player, id),
        await adminAction(arena.admin, id, "start"),
      ]) {
        expect(errorOf(response)).toMatchObject({ status: 404, message: "Tournament not found" });
      }
    }
  });
});

describe("GET /api/tournaments/current and the past list", () => {
  it("is null with no tournament, then shows the newest pending or active one", async () => {
    const none = (await player.get("/api/tournaments/current")).json<CurrentTournamentResponse>();
    expect(none.tournament).toBeNull();
    const older = await createTournament(arena.admin, { name: "Older" });
    arena.clock.advance(1000);
    const newer = await createTournament(arena.admin, { name: "Newer", entryFeeMode: "admin" });
    const current = (await player.get("/api/tournaments/current")).json<CurrentTournamentResponse>();
    expect(current.tournament?.tournament).toMatchObject({
      id: newer.id,
      name: "Newer",
      status: "pending",
      isReadyPhase: true,
      entryFee: 0,
      prizePool: 1750,
      rewards: { first: 1000, second: 500, third: 250 },
      minPlayers: 2,
      maxPlayers: 16,
      spectatorEnabled: true,
    });
    expect(current.tournament?.myParticipantId).toBeNull();
    await adminAction(arena.admin, newer.id, "stop");
    arena.clock.advance(1000);
    await adminAction(arena.admin, older.id, "stop");
    const past = (await player.get("/api/tournaments")).json<PastTournamentsResponse>();
    expect(past.tournaments.map((x) => [x.name, x.status])).toEqual([
      ["Older", "cancelled"],
      ["Newer", "cancelled"],
    ]);
  });
});

describe("POST /api/tournaments/:id/join", () => {
  it("takes the 150 fee into the pool and says 'Joined tournament!'", async () => {
    const cup = await createTournament(arena.admin, { name: "Fee Cup" });
    const p = await pilot(arena.t);
    const response = await join(p, cup.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Joined tournament!", newCoinBalance: 850 });
    expect(await coinsOf(p)).toBe(850);
    expect((await tournamentRow(arena.t.db, cup.id)).poolBalance).toBe(150);
    const view = await detail(p, cup.id);
    expect(view.myParticipantId).toBe(response.json().participantId);
    expect(view.participants[0]).toMatchObject({ userId: p.id, botName: p.bot.name, isReady: false });

    // A repeat is refused from the first read: it never takes the seat (the row every join queues on).
    const repeat = await countStatements(arena.t, () => join(p, cup.id));
    expect(errorOf(repeat.answer)).toMatchObject({ status: 409, message: messages.alreadyJoined });
    expect(repeat.texts.filter((text) => /^update "tournaments"/i.test(text))).toEqual([]);
    expect(await coinsOf(p)).toBe(850);
    await adminAction(arena.admin, cup.id, "stop");
  });

  it("refuses without an active bot, without the coins, with a listed bot, when full or not open", async () => {
    const cup = await createTournament(arena.admin, { name: "Strict Cup", maxPlayers: 2 });
    const botless = await signUp(arena.t.app);
    expect(errorOf(await join(botless, cup.id))).toMatchObject({
      status: 400,
      message: "You need an active bot to join the tournament",
    });
    const poor = await pilot(arena.t);
    await setCoins(arena.t.db, poor, 149);
    expect(errorOf(await join(poor, cup.id))).toMatchObject({ status: 409, message: "Not enough coins!" });
    expect(await coinsOf(poor)).toBe(149);
    const seller = await pilot(arena.t);
    await listOnMarket(arena.t.db, seller, seller.bot.id);
    expect(errorOf(await join(seller, cup.id))).toMatchObject({
      status: 409,
      message: messages.listedBotCannotJoin,
    });

    await entrants(arena, cup.id, 2, { ready: false });
    const late = await pilot(arena.t);
    expect(errorOf(await join(late, cup.id))).toMatchObject({ status: 409, message: "Tournament is full" });
    expect((await tournamentRow(arena.t.db, cup.id)).currentPlayers).toBe(2);

    await adminAction(arena.admin, cup.id, "stop");
    expect(errorOf(await join(late, cup.id))).toMatchObject({
      status: 409,
      message: "Tournament is not open for joining",
    });
    expect(await coinsOf(late)).toBe(1000);
  });

  it("the last ready-up of a full tournament hears that it starts now, the others that they wait", async () => {
    const cup = await createTournament(arena.admin, { name: "Full House Cup", maxPlayers: 2 });
    const [first, last] = await entrants(arena, cup.id, 2, { ready: false });
    expect((await ready(first!, cup.id)).json()).toEqual({ message: messages.readyWaiting });
    expect((await ready(last!, cup.id)).json()).toEqual({ message: messages.readyStarting });
  });

  it("a bot named in the body must be the player's active one: someone else's is 'Bot not found'", async () => {
    const cup = await createTournament(arena.admin, { name: "Whose Bot Cup" });
    const [p, other] = [await pilot(arena.t), await pilot(arena.t)];
    const spare = await insertBot(arena.t.db, p, { name: "Bench Warmer" });
    expect(errorOf(await p.post(`/api/tournaments/${cup.id}/join`, { botId: other.bot.id }))).toMatchObject({
      status: 404,
      message: "Bot not found",
    });
    expect(errorOf(await p.post(`/api/tournaments/${cup.id}/join`, { botId: spare.id }))).toMatchObject({
      status: 409,
      message: messages.joinWithActiveBot,
    });
    const joined = await p.post(`/api/tournaments/${cup.id}/join`, { botId: p.bot.id });
    expect(joined.statusCode).toBe(200);
    expect(await coinsOf(other)).toBe(1000);
    await adminAction(arena.admin, cup.id, "stop");
  });

  it("admin mode is free", async () => {
    const cup = await createTournament(arena.admin, { name: "Free Cup", entryFeeMode: "admin" });
    const p = await pilot(arena.t);
    expect((await join(p, cup.id)).json()).toMatchObject({ newCoinBalance: 1000 });
    await adminAction(arena.admin, cup.id, "stop");
  });

  it("one unfinished tournament per bot: a second join is refused and charges nothing, until the first ends", async () => {
    const first = await createTournament(arena.admin, { name: "First Cup" });
    const second = await createTournament(arena.admin, { name: "Second Cup" });
    const p = await pilot(arena.t);
    expect((await join(p, first.id)).statusCode).toBe(200);
    const refused = await join(p, second.id);
    expect(errorOf(refused)).toMatchObject({ status: 409, message: messages.botInAnotherTournament });
    expect(refused.json().error.message).toBe(
      "This bot is already in another tournament - one tournament at a time per bot",
    );
    expect(await coinsOf(p)).toBe(850);
    expect((await tournamentRow(arena.t.db, second.id)).currentPlayers).toBe(0);
    expect((await tournamentRow(arena.t.db, second.id)).poolBalance).toBe(0);
    // Once the first is over (here: stopped and refunded), the bot may enter the next.
    await adminAction(arena.admin, first.id, "stop");
    expect((await join(p, second.id)).statusCode).toBe(200);
    expect(await coinsOf(p)).toBe(850);
    await adminAction(arena.admin, second.id, "stop");
  });
});

describe("POST /api/tournaments/:id/ready", () => {
  it("readies a joined player ('Ready! Waiting for other players...'), refuses others and after registration", async () => {
    const cup = await createTournament(arena.admin, { name: "Ready Cup" });
    const [a, b] = await entrants(arena, cup.id, 2, { ready: false });
    expect(errorOf(await ready(player, cup.id))).toMatchObject({
      status: 409,
      message: "You have not joined this tournament",
    });
    for (const attempt of [1, 2]) {
      const response = await ready(a!, cup.id);
      expect(response.statusCode, `attempt ${attempt}`).toBe(200);
      expect(response.json()).toEqual({ message: "Ready! Waiting for other players..." });
    }
    const view = await detail(a!, cup.id);
    expect(view.tournament.readyCount).toBe(1);
    await adminAction(arena.admin, cup.id, "stop");
    expect(errorOf(await ready(b!, cup.id))).toMatchObject({
      status: 409,
      message: "Registration has ended",
    });
  });
});

describe("POST /api/admin/tournaments", () => {
  it("needs a name: 'Tournament name is required' for blank, spaces or none, and nothing is created", async () => {
    const before = (await arena.admin.get("/api/admin/tournaments")).json().tournaments.length;
    for (const body of [{ name: "" }, { name: "   " }, {}]) {
      expect(errorOf(await arena.admin.post("/api/admin/tournaments", body))).toMatchObject({
        status: 400,
        message: "Tournament name is required",
      });
    }
    expect((await arena.admin.get("/api/admin/tournaments")).json().tournaments.length).toBe(before);
  });

  it("checks players 2..256 with min not above max, rewards, and the durations", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ minPlayers: 1 }, "Players must be between 2 and 256"],
      [{ maxPlayers: 257 }, "Players must be between 2 and 256"],
      [{ minPlayers: 9, maxPlayers: 8 }, "Minimum players cannot be more than maximum players"],
      [
        { entryFeeMode: "admin", rewards: { first: -1 } },
        "The 1st place reward must be a whole number of coins from 0 to 1,000,000,000,000",
      ],
      [{ roundSeconds: 0 }, "A round must last at least 1 second"],
      [{ registrationMinutes: 0 }, "Registration must last at least 1 minute"],
      [{ repeatEveryHours: 500 }, "Repeat every 1 to 168 hours"],
    ];
    for (const [fields, message] of cases) {
      const response = await arena.admin.post("/api/admin/tournaments", { name: "Checks", ...fields });
      expect(errorOf(response), JSON.stringify(fields)).toMatchObject({ status: 400, message });
    }
  });

  it("refuses rewards of 2^53-1, the coin maximum plus one, -1 and 1.5 with 400 naming the field; creates nothing", async () => {
    const before = (await arena.admin.get("/api/admin/tournaments")).json().tournaments.length;
    const places = [
      ["first", "1st place"],
      ["second", "2nd place"],
      ["third", "3rd place"],
    ] as const;
    for (const [place, label] of places) {
      for (const value of [2 ** 53 - 1, 10 ** 12 + 1, -1, 1.5, "1.5", String(2 ** 53 - 1)]) {
        const message = `The ${label} reward must be a whole number of coins from 0 to 1,000,000,000,000`;
        const response = await arena.admin.post("/api/admin/tournaments", {
          name: "Rich Cup",
          entryFeeMode: "admin",
          rewards: { [place]: value },
        });
        expect(errorOf(response), `${place} ${value}`).toEqual({
          status: 400,
          code: "VALIDATION_FAILED",
          message,
          fields: { [`rewards.${place}`]: message },
        });
      }
    }
    expect((await arena.admin.get("/api/admin/tournaments")).json().tournaments.length).toBe(before);
  });

  it("accepts rewards of exactly the coin maximum, and their sum as the prize pool", async () => {
    const max = 10 ** 12;
    const response = await arena.admin.post("/api/admin/tournaments", {
      name: "Max Cup",
      entryFeeMode: "admin",
      rewards: { first: max, second: max, third: String(max) },
    });
    expect(response.statusCode).toBe(200);
    const id = response.json().tournament.id as string;
    const row = await tournamentRow(arena.t.db, id);
    expect([row.firstPlaceReward, row.secondPlaceReward, row.thirdPlaceReward]).toEqual([max, max, max]);
    expect(response.json().tournament.prizePool).toBe(3 * max);
    await adminAction(arena.admin, id, "stop");
  });

  it("creates with the defaults, logs the operation, and stores player-mode rewards as 0", async () => {
    const response = await arena.admin.post("/api/admin/tournaments", {
      name: "  Logged Cup  ",
      entryFeeMode: "player",
      rewards: { first: 9, second: 9, third: 9 },
      spectatorEnabled: false,
      maxPlayers: 64,
      roundSeconds: 5,
    });
    expect(response.json()).toMatchObject({
      message: "Tournament 'Logged Cup' created",
      tournament: {
        name: "Logged Cup",
        status: "pending",
        entryFee: 150,
        minPlayers: 2,
        maxPlayers: 64,
        roundSeconds: 5,
        registrationMinutes: 10,
        spectatorEnabled: false,
        actions: { start: true, stop: true, forceComplete: true, archive: false },
      },
    });
    const id = response.json().tournament.id as string;
    const row = await tournamentRow(arena.t.db, id);
    expect([row.firstPlaceReward, row.secondPlaceReward, row.thirdPlaceReward]).toEqual([0, 0, 0]);
    expect(row.registrationEndsAt?.getTime()).toBe(arena.clock.now().getTime() + 10 * 60_000);
    const [logged] = await listAdminOperations(arena.t.db, { action: "tournament_create", limit: 1 });
    expect(logged).toMatchObject({ adminId: arena.admin.id, targetId: id, result: "success" });
    await adminAction(arena.admin, id, "stop");
  });
});

describe("admin actions offer exactly what seed 001 says", () => {
  it("start/stop/End Now/archive by status, with their messages, logged as success or error", async () => {
    const cup = await createTournament(arena.admin, { name: "Action Cup" });
    expect(errorOf(await adminAction(arena.admin, cup.id, "archive"))).toMatchObject({
      status: 409,
      message: "Cannot archive a tournament that is pending",
    });
    const [refused] = await listAdminOperations(arena.t.db, { action: "tournament_archive", limit: 1 });
    expect(refused).toMatchObject({
      result: "error",
      detail: { message: "Cannot archive a tournament that is pending" },
    });

    await entrants(arena, cup.id, 2);
    const started = await adminAction(arena.admin, cup.id, "start");
    expect(started.json()).toMatchObject({
      message: "Tournament started - the bracket is live",
      tournament: {
        status: "active",
        actions: { start: false, stop: true, forceComplete: true, archive: false },
      },
    });
    expect(errorOf(await adminAction(arena.admin, cup.id, "start"))).toMatchObject({
      status: 409,
      message: "Cannot start a tournament that is active",
    });
    await playUntil(arena, cup.id, "completed");
    for (const action of ["start", "stop", "force-complete"] as const) {
      expect(errorOf(await adminAction(arena.admin, cup.id, action)).status).toBe(409);
    }
    const archived = await adminAction(arena.admin, cup.id, "archive");
    expect(archived.json()).toMatchObject({
      message: "Tournament archived",
      tournament: {
        status: "archived",
        actions: { start: false, stop: false, forceComplete: false, archive: true },
      },
    });
    // Archive stays offered on an archived tournament, and answers the same.
    expect((await adminAction(arena.admin, cup.id, "archive")).json().message).toBe("Tournament archived");
    const [done] = await listAdminOperations(arena.t.db, { action: "tournament_archive", limit: 1 });
    expect(done).toMatchObject({ result: "success", targetId: cup.id });
  });

  it("start with too few ready players cancels and refunds, told as such", async () => {
    const cup = await createTournament(arena.admin, { name: "Lonely Cup" });
    const [only] = await entrants(arena, cup.id, 1);
    const response = await adminAction(arena.admin, cup.id, "start");
    expect(response.json()).toMatchObject({
      message: "Not enough ready players - tournament cancelled and fees refunded",
      tournament: { status: "cancelled" },
    });
    expect(await coinsOf(only!)).toBe(1000);
  });
});

describe("an entered bot stays until its tournament ends", () => {
  it("cannot be recycled, listed, fused or refreshed while the tournament runs; can be once it is over", async () => {
    const cup = await createTournament(arena.admin, { name: "Hold Cup" });
    const [a] = await entrants(arena, cup.id, 1);
    await entrants(arena, cup.id, 1);
    // A second bot becomes active, so the entered one is idle: only the tournament holds it.
    const spare = await insertBot(arena.t.db, a!, { name: "Spare Part" });
    const scrap = await insertBot(arena.t.db, a!, { name: "Scrap Heap" });
    await a!.post(`/api/bots/${spare.id}/activate`);
    const entered = a!.bot.id;
    const refusals: [Promise<Awaited<ReturnType<Pilot["post"]>>>, string][] = [
      [a!.request({ method: "DELETE", url: `/api/bots/${entered}` }), messages.recycleTournamentConflict],
      [a!.post("/api/marketplace/listings", { botId: entered, price: 100 }), messages.listTournamentConflict],
      [a!.post(`/api/bots/${entered}/refresh`), messages.refreshTournamentConflict],
      [
        a!.post("/api/fusion", { bot1Id: entered, bot2Id: scrap.id }),
        "Cannot fuse a bot that is entered in a tournament",
      ],
    ];
    for (const [response, message] of refusals) {
      expect(errorOf(await response)).toMatchObject({ status: 409, message });
    }
    await adminAction(arena.admin, cup.id, "force-complete");
    const recycled = await a!.request({ method: "DELETE", url: `/api/bots/${entered}` });
    expect(recycled.statusCode).toBe(200);
    // The history keeps the bot as it entered the bracket.
    const view = await detail(a!, cup.id);
    expect(view.participants.find((p) => p.userId === a!.id)).toMatchObject({
      botId: null,
      botName: "Bot 1",
    });
  });
});

describe("watching a match", () => {
  it("with spectators off, a live match's battle is for its players and admins; a replay for all once done", async () => {
    const cup = await createTournament(arena.admin, { name: "Private Cup", spectatorEnabled: false });
    const players = await entrants(arena, cup.id, 2);
    await adminAction(arena.admin, cup.id, "start");
    const live = await detail(player, cup.id);
    const final = live.matches[0]!;
    expect(final).toMatchObject({ status: "in_progress", canWatch: false });
    expect((await detail(players[0]!, cup.id)).matches[0]!.canWatch).toBe(true);
    const url = `/api/battles/${final.battleId}`;
    expect(errorOf(await player.get(url))).toMatchObject({ status: 403, message: messages.spectatorsOff });
    expect((await players[1]!.get(url)).statusCode).toBe(200);
    expect((await arena.admin.get(url)).statusCode).toBe(200);
    await playUntil(arena, cup.id, "completed");
    expect((await player.get(url)).statusCode).toBe(200);
    expect((await detail(player, cup.id)).matches[0]!.canWatch).toBe(true);
  });
});
