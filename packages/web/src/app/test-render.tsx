// Component tests: render a real page in happy-dom with the app's own providers (its QueryClient defaults, a
// router, the toaster), the API answered at the fetch level by route name. A component calls the API exactly as
// in the browser (call() → fetch); only the server's answers are made up here, shaped by the contract.

import routeTable from "virtual:route-table";
import type { Routes } from "@bot-arena/contract";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes as RouterRoutes, useLocation } from "react-router";
import { vi } from "vitest";
import type { z } from "zod";
import type { RouteName } from "./call";
import { Providers } from "./providers";
import { createQueryClient } from "./queryClient";
import { AppRouter } from "./router";
import Toaster from "./Toaster";

/** What route `K` answers on the wire: the response schema's input (plain strings and numbers, as JSON has). */
export type AnswerOf<K extends RouteName> = z.input<Routes[K]["response"]>;

const FAILURE = Symbol("failure");
export type Failure = {
  [FAILURE]: true;
  status: number;
  body: { error: { code: string; message: string; fields?: Record<string, string> } };
  headers?: Record<string, string>;
};

/** A refusal as the server sends it: the status and { error: { code, message, fields } }. */
export function fail(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Failure {
  return { [FAILURE]: true, status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

/** The player's rate turned the read away for `seconds` (past RATE_RETRY_MAX_MS, the page is told at once). */
export function rateLimited(seconds: number): Failure {
  return {
    ...fail(429, "RATE_LIMITED", "Too many requests, please slow down"),
    headers: { "retry-after": String(seconds) },
  };
}

/** The first request gets `answer`, every later one `failure`: a page that loaded and then cannot refresh. */
export function answerOnceThenFail<T>(answer: T, failure: Failure) {
  let answered = false;
  return (): T | Failure => {
    if (answered) return failure;
    answered = true;
    return answer;
  };
}

export type MockRequest = {
  route: RouteName;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
};

type Handler<K extends RouteName> =
  | AnswerOf<K>
  | Failure
  | ((request: MockRequest) => AnswerOf<K> | Failure | Promise<AnswerOf<K> | Failure>);

export type ApiAnswers = { [K in RouteName]?: Handler<K> };

type Matcher = { route: RouteName; method: string; pattern: RegExp; names: string[]; literal: number };

const matchers: Matcher[] = (Object.entries(routeTable) as [RouteName, readonly [string, string]][])
  .map(([route, [method, path]]) => {
    const names: string[] = [];
    const source = path
      .split("/")
      .map((part) => {
        if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(part.slice(1));
        return "([^/]+)";
      })
      .join("/");
    return { route, method, pattern: new RegExp(`^${source}$`), names, literal: names.length };
  })
  // A literal segment wins over a parameter (/api/bots/preview.svg before /api/bots/:id).
  .sort((a, b) => a.literal - b.literal);

function routeOf(method: string, path: string) {
  for (const matcher of matchers) {
    if (matcher.method !== method) continue;
    const found = matcher.pattern.exec(path);
    if (!found) continue;
    const params = Object.fromEntries(
      matcher.names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]),
    );
    return { route: matcher.route, params };
  }
  return null;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? "" : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

export type ApiMock = {
  /** Every request the page made, in order. */
  calls: MockRequest[];
  /** Requests no answer was given for (answered 501): a page asking for something the test did not expect. */
  unhandled: string[];
  /** The requests made to one route. */
  callsTo(route: RouteName): MockRequest[];
};

/** Answers the app's fetch calls by route name; a route without an answer gets a 501 and is recorded. */
export function mockApi(answers: ApiAnswers): ApiMock {
  const mock: ApiMock = {
    calls: [],
    unhandled: [],
    callsTo: (route) => mock.calls.filter((call) => call.route === route),
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const found = routeOf(method, url.pathname);
    const text = typeof init.body === "string" ? init.body : undefined;
    if (!found) {
      mock.unhandled.push(`${method} ${url.pathname}`);
      return json(404, { error: { code: "NOT_FOUND", message: "Not found" } });
    }
    const request: MockRequest = {
      route: found.route,
      method,
      path: url.pathname,
      params: found.params,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    mock.calls.push(request);
    const handler = answers[found.route] as Handler<RouteName> | undefined;
    if (handler === undefined) {
      mock.unhandled.push(`${method} ${url.pathname} (${found.route})`);
      return json(501, { error: { code: "UNMOCKED", message: `No answer for ${found.route} in this test` } });
    }
    const answer = typeof handler === "function" ? await handler(request) : handler;
    if (answer !== null && typeof answer === "object" && FAILURE in answer) {
      return json(answer.status, answer.body, answer.headers);
    }
    return json(200, answer);
  });
  return mock;
}

/** The signed-in player of a test (GET /api/session and /api/me). */
export function aPlayer(overrides: Partial<AnswerOf<"me">> = {}): AnswerOf<"me"> {
  return {
    id: "00000000-0000-4000-8000-00000000a001",
    username: "pilot_test",
    email: "pilot_test@arena.test",
    coins: 1000,
    vaultCoins: 0,
    isAdmin: false,
    ...overrides,
  };
}

let botCount = 0;

/** A ready bot of the roster, as GET /api/bots lists it. */
export function aBot(overrides: Partial<AnswerOf<"listBots">["bots"][number]> = {}) {
  botCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(botCount).padStart(12, "0")}`,
    name: `Test Unit ${botCount}`,
    model: "Striker X-1",
    botClass: "hero",
    rarity: "common",
    level: 1,
    xp: 0,
    energy: 100,
    maxEnergy: 100,
    lastEnergyUpdate: "2026-01-01T00:00:00.000Z",
    isActive: true,
    wins: 0,
    losses: 0,
    strength: 15,
    agility: 10,
    defense: 10,
    intelligence: 5,
    availablePoints: 0,
    statPointsAllocated: true,
    durability: 100,
    maxDurability: 100,
    colorPrimary: "#00f0ff",
    colorSecondary: "#0066ff",
    imageUrl: null,
    equippedWeaponId: null,
    isListed: false,
    setupStage: null,
    isCustomized: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  } satisfies AnswerOf<"listBots">["bots"][number];
}

/** Where the router is: rendered by every path the page under test does not own (a redirect, a link). */
function Elsewhere() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
    </p>
  );
}

/** The path the router went to, once the page has left its own route. */
export async function findLocation(): Promise<string> {
  return (await screen.findByTestId("location")).textContent ?? "";
}

/** A toast as it shows (sonner), looked for by its full text. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const found = await screen.findAllByText(text, { selector: "[data-sonner-toast] *" });
  return found[0]!;
}

type RenderOptions = {
  /** The path the page is mounted at (a route pattern, e.g. /guilds/:id); default `at`. */
  path?: string;
  /** The address visited; default `path`. */
  at?: string;
  /** Navigation state, as a Link's `state` would carry it. */
  state?: unknown;
  /** The signed-in player (null: signed out). Answers /api/session and /api/me unless `api` does. */
  me?: AnswerOf<"me"> | null;
  api?: ApiAnswers;
  /**
   * Draws the page to HTML first and hydrates that, as the browser does a page the build prerendered. Called in
   * between, with the HTML in place and the query cache still empty: what the page's entry did before the app.
   */
  prerendered?: (page: { container: HTMLElement; queryClient: QueryClient }) => void;
};

/**
 * Renders `page` at `at` in a MemoryRouter with the app's QueryClient and toaster. Any other path renders the
 * location (see findLocation), so a redirect or a link followed shows where it went.
 */
export function renderPage(page: ReactNode, options: RenderOptions & ({ path: string } | { at: string })) {
  const path = options.path ?? options.at!;
  const at = options.at ?? options.path!;
  const me = options.me === undefined ? aPlayer() : options.me;
  const api = mockApi({ session: { me }, ...(me ? { me } : {}), ...options.api });
  const queryClient = createQueryClient();
  const user = userEvent.setup({ delay: null });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter
        initialEntries={[
          {
            pathname: at.split("?")[0]!,
            search: at.includes("?") ? `?${at.split("?")[1]}` : "",
            state: options.state,
          },
        ]}
      >
        <RouterRoutes>
          <Route path={path} element={page} />
          <Route path="*" element={<Elsewhere />} />
        </RouterRoutes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  if (!options.prerendered) return { ...render(tree), user, api, queryClient };
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(tree);
  options.prerendered({ container, queryClient });
  return { ...render(tree, { container, hydrate: true }), user, api, queryClient };
}

/**
 * Renders the whole app (its route table, guards and layouts, as main.tsx does) at `url`: for what the route
 * table itself decides, such as a guard's redirect or the not-found page.
 */
export function renderApp(url: string, options: { me?: AnswerOf<"me"> | null; api?: ApiAnswers } = {}) {
  const me = options.me === undefined ? aPlayer() : options.me;
  const api = mockApi({
    session: { me },
    ...(me ? { me } : {}),
    ads: { enabled: false, ads: [] },
    ...options.api,
  });
  window.history.replaceState(null, "", url);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <Providers>
      <AppRouter />
    </Providers>,
  );
  return { ...view, user, api };
}
