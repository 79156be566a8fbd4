import routeTable from "virtual:route-table";
import { routes } from "@bot-arena/contract";
import type { Coins, UserId } from "@bot-arena/game";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, urlOf } from "./call";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body)));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("the route table", () => {
  it("holds every route of the contract with its method and path, and nothing else", () => {
    const fromContract = Object.fromEntries(
      Object.entries(routes).map(([name, route]) => [name, [route.method, route.path]]),
    );
    expect(routeTable).toEqual(fromContract);
  });
});

describe("urlOf", () => {
  it("fills path params, encoded, and appends the query without empty values", () => {
    expect(urlOf("/api/admin/cashouts/:id/paid", { id: "a b/c" })).toBe("/api/admin/cashouts/a%20b%2Fc/paid");
    expect(urlOf("/api/bank/ledger", undefined, { limit: 20, before: undefined })).toBe(
      "/api/bank/ledger?limit=20",
    );
    expect(urlOf("/api/bank/ledger", undefined, { limit: 5, before: 99 })).toBe(
      "/api/bank/ledger?limit=5&before=99",
    );
  });

  it("refuses to call a path with a parameter left out", () => {
    expect(() => urlOf("/api/admin/cashouts/:id/paid", {})).toThrow("Missing path parameter :id");
  });
});

describe("call", () => {
  it("sends the route's method, filled path and JSON body, and answers the parsed body", async () => {
    const fetchMock = stubFetch({ message: "Paid", cashout: { id: "c1" } });
    const answer = await call("adminCashoutPaid", { params: { id: "c1" }, body: { reference: "PAY-1" } });
    expect(answer).toEqual({ message: "Paid", cashout: { id: "c1" } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/cashouts/c1/paid");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(JSON.stringify({ reference: "PAY-1" }));
  });

  it("sends each state change with a key of its own, and a read without one", async () => {
    const fetchMock = stubFetch({ newCoins: 1 });
    await call("bankDeposit", { body: { amount: 10 } });
    await call("bankDeposit", { body: { amount: 10 } });
    await call("bank");
    const keys = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)["idempotency-key"],
    );
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
  });

  it("calls a route without input with a bare name, as a GET without a body", async () => {
    const fetchMock = stubFetch({ coins: 1 });
    await call("bank");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method, init.body]).toEqual(["/api/bank", "GET", null]);
  });

  it("is checked by the compiler against the contract", () => {
    // Each line below would call the server wrongly; tsc (npm run typecheck) refuses them.
    const wrong = () => {
      // @ts-expect-error the body is required
      void call("bankDeposit");
      // @ts-expect-error the amount has the wrong type
      void call("bankDeposit", { body: { amount: "ten" } });
      // @ts-expect-error the route takes no params
      void call("bank", { params: { id: "x" } });
      // @ts-expect-error no such route
      void call("bankRobbery");
    };
    expect(wrong).toBeTypeOf("function");
  });

  it("types answers with the rules' brands: a bot's id is not a player's, and coins are coins", () => {
    stubFetch({ bots: [] });
    const mixUps = async () => {
      const me = await call("me");
      const [bot] = (await call("listBots")).bots;
      const playerId: UserId = me.id;
      const coins: Coins = me.coins;
      // @ts-expect-error a bot's id where a player's is expected
      const wrongId: UserId = bot!.id;
      // @ts-expect-error any number is not a coin amount
      const wrongCoins: Coins = me.coins + 0.5;
      return [playerId, coins, wrongId, wrongCoins];
    };
    expect(mixUps).toBeTypeOf("function");
  });
});
