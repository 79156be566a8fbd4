// Reference data seeded on every start (and the name skeletons of rows stored before the name rules filled).
// Each step is idempotent, and all run under the start-up lock, so several processes starting together seed once.
import type { Config } from "../config";
import type { Db } from "../db/database";
import { importMediaFilesStep } from "../media/import-files";
import type { MediaStore } from "../media/store";
import { equipmentCatalogueStep } from "./equipment";
import { nameRuleReportStep } from "./name-rule-report";
import { nameSkeletonsStep } from "./name-skeletons";
import { shopItemsStep } from "./shop-items";
import { starterMusicStep } from "./starter-music";

export type SeedContext = {
  db: Db;
  media: MediaStore;
  config: Pick<Config, "starterMusic" | "dataDir">;
  log: { info(obj: unknown, msg?: string): void; warn?(obj: unknown, msg?: string): void };
};

export type SeedStep = { name: string; run(ctx: SeedContext): Promise<void> };

/** The platform's own reference data; features add theirs through `featureSeedSteps` (src/features/index.ts). */
export const platformSeedSteps: SeedStep[] = [
  // First: the steps after it look for media an older version kept as files.
  importMediaFilesStep,
  nameSkeletonsStep,
  nameRuleReportStep,
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
