// Every HTTP route of the API with its zod shapes: the server registers from it and /api/openapi.json is built from it.

import { accountRoutes } from "./account";
import { adminCashoutRoutes } from "./admin-cashouts";
import { adminGrantRoutes } from "./admin-grants";
import { adminMediaRoutes } from "./admin-media";
import { adminOperationRoutes } from "./admin-operations";
import { adsResponse } from "./ads";
import { alertRoutes } from "./alerts";
import { arenaRoutes } from "./arena";
import { me, okBody, sessionState, signInBody, signUpBody } from "./auth";
import { bankRoutes } from "./bank";
import { battleRoutes } from "./battles";
import { botRoutes } from "./bots";
import { chatRoutes } from "./chat";
import { customizeRoutes } from "./customize";
import { fusionRoutes } from "./fusion";
import { guildWarRoutes } from "./guild-wars";
import { guildRoutes } from "./guilds";
import { inventoryRoutes } from "./inventory";
import { leaderboardRoutes } from "./leaderboard";
import { marketplaceRoutes } from "./marketplace";
import { musicTrackList } from "./music";
import { pilotRoutes } from "./pilots";
import { pushRoutes } from "./push";
import { repairRoutes } from "./repair";
import { seasonRoutes } from "./seasons";
import { shopRoutes } from "./shop";
import { landingStats } from "./stats";
import { healthResponse, liveResponse, metricsResponse, readyResponse } from "./system";
import { tournamentRoutes } from "./tournaments";
import type { z } from "./zod";

export type RouteSpec = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  auth: "none" | "player" | "admin";
  /** Path parameters (`:id` in `path`), validated like the body. */
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
};

export const routes = {
  health: { method: "GET", path: "/api/health", summary: "Liveness", auth: "none", response: healthResponse },
  healthLive: {
    method: "GET",
    path: "/api/health/live",
    summary: "Liveness for a supervisor: the process's event loop answers; with the version and commit",
    auth: "none",
    response: liveResponse,
  },
  healthReady: {
    method: "GET",
    path: "/api/health/ready",
    summary:
      "Readiness for a load balancer: 200 when the database, the live bus (if configured) and the media store answer; 503 with the reasons otherwise",
    auth: "none",
    response: readyResponse,
  },
  metrics: {
    method: "GET",
    path: "/api/admin/metrics",
    summary:
      "This process's figures in Prometheus' text format: event-loop delay, requests, database pool, live sockets",
    auth: "admin",
    response: metricsResponse,
  },
  signUp: {
    method: "POST",
    path: "/api/auth/sign-up",
    summary: "Create an account and sign in",
    auth: "none",
    body: signUpBody,
    response: me,
  },
  signIn: {
    method: "POST",
    path: "/api/auth/sign-in",
    summary: "Sign in with email and password",
    auth: "none",
    body: signInBody,
    response: me,
  },
  signOut: {
    method: "POST",
    path: "/api/auth/sign-out",
    summary: "End the session",
    auth: "none",
    response: okBody,
  },
  me: { method: "GET", path: "/api/me", summary: "The signed-in player", auth: "player", response: me },
  session: {
    method: "GET",
    path: "/api/session",
    summary: "Who is signed in: the player, or null for a visitor (never a 401)",
    auth: "none",
    response: sessionState,
  },
  stats: {
    method: "GET",
    path: "/api/stats",
    summary: "Landing page counters",
    auth: "none",
    response: landingStats,
  },
  musicTracks: {
    method: "GET",
    path: "/api/music/tracks",
    summary: "Active music tracks in order",
    auth: "none",
    response: musicTrackList,
  },
  ads: {
    method: "GET",
    path: "/api/ads",
    summary: "House ads for the banner slots",
    auth: "none",
    response: adsResponse,
  },
  ...botRoutes,
  ...accountRoutes,
  ...alertRoutes,
  ...pushRoutes,
  ...customizeRoutes,
  ...chatRoutes,
  ...adminGrantRoutes,
  ...adminMediaRoutes,
  ...adminOperationRoutes,
  ...adminCashoutRoutes,
  ...arenaRoutes,
  ...pilotRoutes,
  ...seasonRoutes,
  ...battleRoutes,
  ...leaderboardRoutes,
  ...shopRoutes,
  ...inventoryRoutes,
  ...marketplaceRoutes,
  ...bankRoutes,
  ...repairRoutes,
  ...fusionRoutes,
  ...guildRoutes,
  ...guildWarRoutes,
  ...tournamentRoutes,
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
