// Reference data seeded on every start (and the name skeletons of rows stored before the name rules filled).
// Each step is idempotent, and all run under the start-up lock, so several processes starting together seed once.
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { MediaStorage } from "../storage";
import { equipmentCatalogueStep } from "./equipment";
import { nameSkeletonsStep } from "./name-skeletons";
import { shopItemsStep } from "./shop-items";
import { starterMusicStep } from "./starter-music";

export type SeedContext = {
  db: Db;
  storage: MediaStorage;
  config: Pick<Config, "starterMusic">;
  log: { info(obj: unknown, msg?: string): void; warn?(obj: unknown, msg?: string): void };
};

export type SeedStep = { name: string; run(ctx: SeedContext): Promise<void> };

/** The platform's own reference data; features add theirs through `featureSeedSteps` (src/features/index.ts). */
export const platformSeedSteps: SeedStep[] = [
  nameSkeletonsStep,
  shopItemsStep,
  equipmentCatalogueStep,
  starterMusicStep,
];

export async function runSeeds(ctx: SeedContext, steps: readonly SeedStep[]): Promise<void> {
  for (const step of steps) {
    const started = Date.now();
    await step.run(ctx);
    ctx.log.info({ step: step.name, ms: Date.now() - started }, "seeded");
  }
}
