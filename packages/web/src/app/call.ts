// One typed way to call the API: name a route of the contract and pass its params, query and body; the
// request and answer types come from the contract's schemas (types only: no zod reaches the browser), and
// the method and path from the build's route table.

import routeTable from "virtual:route-table";
import type { Routes } from "@bot-arena/contract";
import type { z } from "zod";
import { request } from "./api";

export type RouteName = keyof Routes;

type Part<K extends RouteName, P extends "params" | "query" | "body"> = Routes[K] extends {
  [key in P]: infer S extends z.ZodType;
}
  ? { [key in P]: z.input<S> }
  : { [key in P]?: never };

/** What a route takes: its path params, query and body, each required exactly when the contract has one. */
export type CallInput<K extends RouteName> = Part<K, "params"> & Part<K, "query"> & Part<K, "body">;
/** What a route answers, as the contract's response schema parses it. */
export type CallOutput<K extends RouteName> = z.output<Routes[K]["response"]>;

/** The input may be left out when the route takes nothing; `signal` cancels (react-query passes one to queries). */
type CallArgs<K extends RouteName> =
  Record<string, never> extends CallInput<K>
    ? [input?: CallInput<K>, signal?: AbortSignal]
    : [input: CallInput<K>, signal?: AbortSignal];

/** The route's path with its `:name` params filled in and its query appended. */
export function urlOf(
  path: string,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter :${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** The address of a route with its params and query filled in: for a link or an image (`<img src>`) too. */
export function hrefOf<K extends RouteName>(name: K, ...[input]: CallArgs<K>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  return urlOf(routeTable[name][1], params, query);
}

/** Calls route `name` of the contract. */
export function call<K extends RouteName>(name: K, ...args: CallArgs<K>): Promise<CallOutput<K>> {
  const [input, signal] = args as [{ body?: unknown } | undefined, AbortSignal | undefined];
  return request<CallOutput<K>>(routeTable[name][0], hrefOf(name, ...args), input?.body, signal);
}
