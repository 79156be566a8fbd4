// Fuzzing every route of the contract with values built from its own zod schemas: missing fields, wrong types,
// huge strings, negative and fractional numbers, unicode, bad and foreign ids, random JSON (fast-check, fixed
// seed). No answer may be a 5xx, every refusal has the error shape, and the economy stays whole.
import { randomUUID } from "node:crypto";
import type { RouteSpec } from "@bot-arena/contract";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEconomy } from "../../src/platform/economy-audit";
import { type ContractRoute, expectRefusal, fillPath, servedRoutes } from "./contract-routes";
import { bodyVariants, hostileIds, jsonSchemaOf, queryVariants, validSample } from "./schema-samples";
import { buildWorld, type Holdings, type World } from "./world";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w.t.close());

/** Hand-made parts of a valid body where a schema cannot say what the rules want. */
function validBody(route: ContractRoute): Record<string, unknown> | undefined {
  if (!route.spec.body) return undefined;
  const generated = validSample(jsonSchemaOf(route.spec.body)) as Record<string, unknown>;
  const patches: Record<string, Record<string, unknown>> = {
    "POST /api/bots": { strength: 10, agility: 10, defense: 10, intelligence: 10 },
    "POST /api/bots/:id/allocate": { strength: 4, agility: 3, defense: 2, intelligence: 1 },
    "POST /api/arena/pvp/battle": { defenderId: w.victim.holds.bot },
    "POST /api/marketplace/listings": { botId: w.attacker.holds.spareBot, price: 5 },
    "POST /api/admin/grants/coins": { email: w.victim.email, amount: 1, reason: "fuzz" },
  };
  return { ...generated, ...patches[route.name] };
}

/** The caller's own thing for a path id, so hostile bodies reach the handler. */
function ownId(route: ContractRoute): string {
  const kinds: [RegExp, keyof Holdings][] = [
    [/^\/api\/bots\/:id/, "bot"],
    [/^\/api\/inventory\/:id/, "inventory"],
    [/^\/api\/battles\/:id/, "battle"],
  ];
  const kind = kinds.find(([pattern]) => pattern.test(route.spec.path))?.[1];
  return (kind && w.attacker.holds[kind]) || randomUUID();
}

const callerOf = (spec: RouteSpec) => (spec.auth === "admin" ? w.admin : w.attacker);

function send(route: ContractRoute, options: { id?: string; body?: unknown; query?: string; raw?: string }) {
  const url =
    fillPath(route.spec.path, { id: options.id ?? ownId(route) }) +
    (options.query ? `?${options.query}` : "");
  return callerOf(route.spec).request({
    method: route.spec.method,
    url,
    ...(options.raw !== undefined
      ? { payload: options.raw, headers: { "content-type": "application/json" } }
      : options.body === undefined
        ? {}
        : { payload: JSON.stringify(options.body), headers: { "content-type": "application/json" } }),
  });
}

/** Refusals are 4xx with the error shape; whatever is accepted is fine, as long as nothing is a 5xx. */
function expectNoCrash(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) expectRefusal(response, label);
}

// Thousands of requests per test: generous limits, since a loaded machine must slow them, never fail them.
describe("fuzzing every route of the contract", () => {
  it("refuses every hostile body field in the error shape, never with a 5xx", async () => {
    for (const route of servedRoutes(w.t.app).filter((r) => r.spec.body)) {
      for (const variant of bodyVariants(validBody(route)!)) {
        expectNoCrash(await send(route, { body: variant.body }), `${route.name} with ${variant.label}`);
      }
    }
  }, 300_000);

  it("survives raw bodies that are not what JSON clients send", async () => {
    const raws = [
      "{",
      "[]",
      "null",
      '"text"',
      "1e999",
      '{"a":'.repeat(500),
      '{"__proto__":{"isAdmin":true}}',
      "\u0000",
    ];
    for (const route of servedRoutes(w.t.app).filter((r) => r.spec.method !== "GET")) {
      for (const raw of raws)
        expectNoCrash(await send(route, { raw }), `${route.name} with raw ${raw.slice(0, 20)}`);
    }
  }, 300_000);

  it("survives random JSON in every body field (fast-check, fixed seed)", async () => {
    for (const route of servedRoutes(w.t.app).filter((r) => r.spec.body)) {
      const fields = Object.keys(validBody(route)!);
      const bodies = fc.sample(
        fc.record(Object.fromEntries(fields.map((f) => [f, fc.jsonValue({ maxDepth: 2 })])), {
          requiredKeys: [],
        }),
        { numRuns: 40, seed: 7 },
      );
      for (const body of bodies)
        expectNoCrash(await send(route, { body }), `${route.name} with ${JSON.stringify(body).slice(0, 80)}`);
    }
  }, 300_000);

  it("refuses bad, unknown and foreign path ids", async () => {
    const foreign = Object.values(w.victim.holds).map((id): [string, string] => ["another player's id", id]);
    for (const route of servedRoutes(w.t.app).filter((r) => r.spec.path.includes(":"))) {
      for (const [label, id] of [...hostileIds, ...foreign]) {
        const response = await send(route, { id, body: validBody(route) });
        expectNoCrash(response, `${route.name} with id ${label}`);
      }
    }
  }, 300_000);

  it("refuses hostile query strings", async () => {
    for (const route of servedRoutes(w.t.app).filter((r) => r.spec.query)) {
      for (const query of queryVariants(jsonSchemaOf(route.spec.query!))) {
        expectNoCrash(await send(route, { query }), `${route.name}?${query.slice(0, 60)}`);
      }
    }
  }, 300_000);

  it("leaves the economy whole: balances equal ledgers, transfers net zero, caps hold", async () => {
    expect((await auditEconomy(w.t.db)).problems).toEqual([]);
  });
});
