import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { MusicService } from "./service";

export function musicRoutes(app: FastifyInstance, deps: { music: MusicService }): void {
  route(app, routes.musicTracks, () => deps.music.activeTracks());
}
