// What the bots feature needs from the platform, and the one way a rulebook refusal becomes an HTTP answer.

import { randomBytes } from "node:crypto";
import { createRng, type Rng } from "@bot-arena/game";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import type { BotImageDeps } from "./bot-images";

export type BotsDeps = {
  db: Db;
  clock: Clock;
  images: BotImageDeps;
  /** A fresh generator per action; tests pass a seeded one. */
  rng: () => Rng;
};

/** Summons and refreshes roll on a generator seeded from the operating system's randomness. */
export const secureRng = (): Rng => createRng(randomBytes(16).toString("hex"));
