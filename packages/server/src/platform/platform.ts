// What the platform hands to feature services and routes when the app is wired (see src/features/index.ts).
import type { ReadyResponse } from "@bot-arena/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Sessions } from "./auth/session";
import type { Clock, TestClockControl } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/database";
import type { MediaStore } from "./media/store";
import type { Reconciler } from "./reconciler";
import type { SharedRedis } from "./redis";

export type Platform = {
  db: Db;
  config: Config;
  clock: Clock;
  /** Under TEST_CLOCK=on: the shared offset and its control (POST /api/test/clock); null otherwise. */
  testClock: TestClockControl | null;
  /** Uploaded and generated media, in the database or a bucket (platform/media/). */
  media: MediaStore;
  sessions: Sessions;
  log: FastifyBaseLogger;
  /** The deadline loop: features with deadlines register a due-row handler (see reconciler.ts). */
  reconciler: Reconciler;
  /** The Redis of LIVE_BUS_URL, where counts shared by every process go (the chat's pace); null without one. */
  redis: SharedRedis | null;
  /** Whether this process may take players now (platform/readiness.ts). */
  readiness: () => Promise<ReadyResponse>;
};
