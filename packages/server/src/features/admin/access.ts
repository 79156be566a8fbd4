// Test helper: an admin route is closed to strangers (401) and to players (403 with the spec's message).
import { messages } from "@bot-arena/game";
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import { errorOf, type Player } from "../../../test/helpers";

/** One admin call as [method, url, body?], as the routes' tables list them. */
export type AdminCall = [method: string, url: string, payload?: unknown];

export async function expectAdminOnly(
  app: FastifyInstance,
  player: Player,
  [method, url, payload]: AdminCall,
) {
  const options = { method, url, ...(payload ? { payload } : {}) } as InjectOptions;
  expect(errorOf(await app.inject(options))).toMatchObject({
    status: 401,
    message: messages.notAuthenticated,
  });
  expect(errorOf(await player.request(options))).toMatchObject({
    status: 403,
    message: messages.adminRequired,
  });
}
