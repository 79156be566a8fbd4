// The one place features are wired: each service gets exactly the platform pieces it needs, then each
// feature registers its routes. A new feature adds one line to each list.
import type { FastifyInstance } from "fastify";
import type { Platform } from "../platform/platform";
import type { SeedStep } from "../platform/seed";
import { createGrantsService } from "./admin/grants";
import { grantsRoutes } from "./admin/grants-routes";
import { adsRoutes } from "./ads/routes";
import { createAdsService } from "./ads/service";
import { arenaRoutes } from "./arena/routes";
import { createArenaService } from "./arena/service";
import { authRoutes } from "./auth/routes";
import { createAuthService } from "./auth/service";
import { recordOnlyPayouts } from "./bank/payouts";
import { bankRoutes } from "./bank/routes";
import { createBankService } from "./bank/service";
import { battlesRoutes } from "./battles/routes";
import { createBattlesService } from "./battles/service";
import { secureRng } from "./bots/deps";
import { imageLibrarySeedStep } from "./bots/images";
import { botsRoutes } from "./bots/routes";
import { createBotsService } from "./bots/service";
import { fusionRoutes } from "./fusion/routes";
import { createFusionService } from "./fusion/service";
import { inventoryRoutes } from "./inventory/routes";
import { createInventoryService } from "./inventory/service";
import { leaderboardRoutes } from "./leaderboard/routes";
import { createLeaderboardService } from "./leaderboard/service";
import { marketplaceRoutes } from "./marketplace/routes";
import { createMarketplaceService } from "./marketplace/service";
import { musicRoutes } from "./music/routes";
import { createMusicService } from "./music/service";
import { repairRoutes } from "./repair/routes";
import { createRepairService } from "./repair/service";
import { shopRoutes } from "./shop/routes";
import { createShopService } from "./shop/service";
import { statsRoutes } from "./stats/routes";
import { createStatsService } from "./stats/service";
import { systemRoutes } from "./system/routes";

export function createServices(platform: Platform) {
  const { db, config, clock, sessions } = platform;
  return {
    auth: createAuthService({ db, sessions, config }),
    stats: createStatsService({ db, clock }),
    music: createMusicService({ db }),
    ads: createAdsService({ config }),
    bots: createBotsService({
      db,
      clock,
      images: { mediaDir: platform.storage.root, log: platform.log },
      rng: secureRng,
    }),
    grants: createGrantsService({ db }),
    bank: createBankService({ db, clock, payouts: recordOnlyPayouts, log: platform.log }),
    shop: createShopService({ db, clock }),
    inventory: createInventoryService({ db, images: { mediaDir: platform.storage.root, log: platform.log } }),
    marketplace: createMarketplaceService({ db, clock, log: platform.log }),
    repair: createRepairService({ db }),
    fusion: createFusionService({ db, clock }),
    arena: createArenaService({ db, clock, mediaDir: platform.storage.root, log: platform.log }),
    battles: createBattlesService({ db, log: platform.log }),
    leaderboard: createLeaderboardService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;

export function registerFeatures(app: FastifyInstance, services: Services, platform: Platform): void {
  systemRoutes(app);
  authRoutes(app, { auth: services.auth, config: platform.config });
  statsRoutes(app, services);
  musicRoutes(app, services);
  adsRoutes(app, services);
  botsRoutes(app, services);
  grantsRoutes(app, services);
  bankRoutes(app, services);
  shopRoutes(app, services);
  inventoryRoutes(app, services);
  marketplaceRoutes(app, services);
  repairRoutes(app, services);
  fusionRoutes(app, services);
  arenaRoutes(app, services);
  battlesRoutes(app, services);
  leaderboardRoutes(app, services);
}

/** Reference data owned by features, seeded after the platform's (shop items, equipment, starter music). */
export const featureSeedSteps: SeedStep[] = [imageLibrarySeedStep];
