// What the bots feature needs from the platform, and the one way a rulebook refusal becomes an HTTP answer.

import { randomBytes } from "node:crypto";
import type { ErrorCode } from "@bot-arena/contract";
import { createRng, type Result, type Rng } from "@bot-arena/game";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { AppError } from "../../platform/errors";
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

/** The accepted value, or the rulebook's message as a refusal with the given status and code. */
export function accept<T>(result: Result<T>, status = 400, code: ErrorCode = "VALIDATION_FAILED"): T {
  if (!result.ok) throw new AppError(status, code, result.message);
  return result.value;
}
