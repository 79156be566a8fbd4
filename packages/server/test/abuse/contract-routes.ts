// The contract's routes as the abuse tests walk them: every RouteSpec the app registered, with its key.
import { randomUUID } from "node:crypto";
import { errorBody, type RouteSpec, routes } from "@bot-arena/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

export type ContractRoute = { key: string; spec: RouteSpec; name: string };

export const allContractRoutes = (): ContractRoute[] =>
  Object.entries(routes as Record<string, RouteSpec>).map(([key, spec]) => ({
    key,
    spec,
    name: `${spec.method} ${spec.path}`,
  }));

/** Routes of the contract the app serves; a feature still being built is simply not walked yet. */
export function servedRoutes(app: FastifyInstance): ContractRoute[] {
  return allContractRoutes().filter(({ spec }) => app.hasRoute({ method: spec.method, url: spec.path }));
}

export const hasPathId = (spec: RouteSpec) => spec.path.includes(":");

export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? randomUUID()));
}

/** A refusal: a 4xx in the one error shape. */
export function expectRefusal(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const parsed = errorBody.safeParse(safeJson(response.body));
  expect(parsed.success, `${label}: not the error shape: ${response.body.slice(0, 300)}`).toBe(true);
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
