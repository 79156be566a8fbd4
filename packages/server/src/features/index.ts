// The one place features are wired: each service gets exactly the platform pieces it needs, then each
// feature registers its routes. A new feature adds one line to each list.
import type { FastifyInstance } from "fastify";
import { isPresentByName } from "../platform/live/presence";
import type { Platform } from "../platform/platform";
import type { SeedStep } from "../platform/seed";
import { accountRoutes } from "./account/routes";
import { createAccountService } from "./account/service";
import { createAdminCashoutsService } from "./admin/cashouts";
import { createGrantsService } from "./admin/grants";
import { grantsRoutes } from "./admin/grants-routes";
import { createImageLibraryService } from "./admin/image-library/service";
import { createLibraryTopUp } from "./admin/image-library/top-up";
import { createAdminMusicService } from "./admin/music";
import { createPlayerLookup } from "./admin/players";
import { adminRoutes } from "./admin/routes";
import { adsRoutes } from "./ads/routes";
import { createAdsService } from "./ads/service";
import { alertsRoutes } from "./alerts/routes";
import { createAlertsService } from "./alerts/service";
import { arenaRoutes } from "./arena/routes";
import { createArenaService } from "./arena/service";
import { authRoutes } from "./auth/routes";
import { createAuthService } from "./auth/service";
import { registerPayoutRunner } from "./bank/payout-runner";
import { createPayouts } from "./bank/payouts";
import { bankRoutes } from "./bank/routes";
import { createBankService } from "./bank/service";
import { battlesRoutes } from "./battles/routes";
import { createBattlesService } from "./battles/service";
import { secureRng } from "./bots/deps";
import { imageLibrarySeedStep } from "./bots/images";
import { botsRoutes } from "./bots/routes";
import { createBotsService } from "./bots/service";
import { createChatFeatures } from "./chat/feature";
import { chatRoutes } from "./chat/routes";
import { customizeRoutes } from "./customize/routes";
import { createCustomizeService } from "./customize/service";
import { fusionRoutes } from "./fusion/routes";
import { createFusionService } from "./fusion/service";
import { createGuildFeatures } from "./guild-wars/feature";
import { guildWarsRoutes } from "./guild-wars/routes";
import { guildsRoutes } from "./guilds/routes";
import { inventoryRoutes } from "./inventory/routes";
import { createInventoryService } from "./inventory/service";
import { leaderboardRoutes } from "./leaderboard/routes";
import { createLeaderboardService } from "./leaderboard/service";
import { marketplaceRoutes } from "./marketplace/routes";
import { createMarketplaceService } from "./marketplace/service";
import { musicRoutes } from "./music/routes";
import { createMusicService } from "./music/service";
import { pilotsRoutes } from "./pilots/routes";
import { createPilotsService } from "./pilots/service";
import { vapidKeys } from "./push/keys";
import { pushRoutes } from "./push/routes";
import { registerPushSender } from "./push/sender";
import { createPushService } from "./push/service";
import { repairRoutes } from "./repair/routes";
import { createRepairService } from "./repair/service";
import { seasonCloseHandler } from "./seasons/close";
import { seasonsRoutes } from "./seasons/routes";
import { openFirstSeason } from "./seasons/seasons";
import { createSeasonsService } from "./seasons/service";
import { shopRoutes } from "./shop/routes";
import { createShopService } from "./shop/service";
import { statsRoutes } from "./stats/routes";
import { createStatsService } from "./stats/service";
import { systemRoutes } from "./system/routes";
import { createTournamentAdminService } from "./tournament/admin";
import { registerTournamentDeadlines } from "./tournament/due";
import { tournamentRoutes } from "./tournament/routes";
import { createTournamentService } from "./tournament/service";

export function createServices(platform: Platform) {
  const { db, config, clock, sessions } = platform;
  const payouts = createPayouts({ db, config: config.cashout, log: platform.log });
  const libraryTopUp = createLibraryTopUp({
    db,
    media: platform.media,
    defaultEnabled: config.imageLibraryTopUp === "on",
    intervalMs: config.imageLibraryTopUpIntervalMs,
    log: platform.log,
  });
  const pushKeys = vapidKeys({ db, push: config.push, adminEmails: config.adminEmails });
  return {
    payouts,
    libraryTopUp,
    pushKeys,
    push: createPushService({ db, push: config.push, keys: pushKeys }),
    imageLibrary: createImageLibraryService({ db, media: platform.media, topUp: libraryTopUp }),
    adminMusic: createAdminMusicService({ db, media: platform.media }),
    findPlayers: createPlayerLookup({ db, clock }),
    adminCashouts: createAdminCashoutsService({
      db,
      clock,
      payouts,
      cashout: config.cashout,
      reconciler: platform.reconciler,
    }),
    auth: createAuthService({ db, sessions, config, clock }),
    account: createAccountService({ db, sessions, config }),
    alerts: createAlertsService({ db }),
    stats: createStatsService({ db, clock }),
    music: createMusicService({ db }),
    ads: createAdsService({ config }),
    bots: createBotsService({
      db,
      clock,
      images: { media: platform.media, log: platform.log },
      rng: secureRng,
    }),
    customize: createCustomizeService({
      db,
      clock,
      images: { media: platform.media, log: platform.log },
    }),
    ...createChatFeatures({ db, clock, redis: platform.redis }),
    grants: createGrantsService({ db }),
    bank: createBankService({
      db,
      clock,
      payouts,
      cashout: config.cashout,
      reconciler: platform.reconciler,
      log: platform.log,
    }),
    shop: createShopService({ db, clock }),
    inventory: createInventoryService({ db, images: { media: platform.media, log: platform.log } }),
    marketplace: createMarketplaceService({ db, clock, log: platform.log }),
    repair: createRepairService({ db }),
    fusion: createFusionService({ db, clock, library: libraryTopUp }),
    arena: createArenaService({
      db,
      clock,
      media: platform.media,
      log: platform.log,
      pvp: { ...config.pvp, linkWindowDays: config.cashout.linkWindowDays },
    }),
    pilots: createPilotsService({ db, clock }),
    seasons: createSeasonsService({ db, clock }),
    battles: createBattlesService({ db, log: platform.log }),
    leaderboard: createLeaderboardService({ db }),
    tournaments: createTournamentService({ db, clock, reconciler: platform.reconciler }),
    tournamentAdmin: createTournamentAdminService({ db, clock, config, reconciler: platform.reconciler }),
    ...createGuildFeatures(platform),
  };
}

export type Services = ReturnType<typeof createServices>;

export function registerFeatures(app: FastifyInstance, services: Services, platform: Platform): void {
  systemRoutes(app, {
    clock: platform.clock,
    testClock: platform.testClock,
    runDeadlines: () => platform.reconciler.runOnce(),
    isPresent: (username) => isPresentByName(platform.db, username),
    readiness: platform.readiness,
    metricsToken: platform.config.metricsToken,
  });
  authRoutes(app, { auth: services.auth, config: platform.config, db: platform.db, clock: platform.clock });
  accountRoutes(app, services);
  alertsRoutes(app, services);
  pushRoutes(app, services);
  statsRoutes(app, services);
  musicRoutes(app, services);
  adsRoutes(app, services);
  botsRoutes(app, services);
  customizeRoutes(app, services);
  chatRoutes(app, services);
  grantsRoutes(app, services);
  adminRoutes(app, { ...services, db: platform.db, uploadsPerHour: platform.config.adminUploadsPerHour });
  bankRoutes(app, services);
  shopRoutes(app, services);
  inventoryRoutes(app, services);
  marketplaceRoutes(app, services);
  repairRoutes(app, services);
  fusionRoutes(app, services);
  arenaRoutes(app, services);
  pilotsRoutes(app, services);
  seasonsRoutes(app, services);
  battlesRoutes(app, services);
  leaderboardRoutes(app, services);
  guildsRoutes(app, services);
  guildWarsRoutes(app, services);
  tournamentRoutes(app, services);
  registerTournamentDeadlines(platform.reconciler);
  registerPushSender(platform.reconciler, {
    db: platform.db,
    delaySeconds: platform.config.push.delaySeconds,
    keys: services.pushKeys,
    log: platform.log,
    testEndpoints: platform.config.push.testEndpoints,
  });
  platform.reconciler.register(seasonCloseHandler(platform.config.pvp.seasonDays));
  app.addHook("onReady", () => openFirstSeason(platform.db, platform.clock, platform.config.pvp.seasonDays));
  // Last: a pass takes the events' steps before it waits on a provider's answers.
  const { client } = services.payouts;
  if (client) {
    registerPayoutRunner(platform.reconciler, {
      db: platform.db,
      clock: platform.clock,
      client,
      timeoutMs: platform.config.cashout.zbd?.timeoutMs ?? 10_000,
      log: platform.log,
    });
  }
}

/** Reference data owned by features, seeded after the platform's (shop items, equipment, starter music). */
export const featureSeedSteps: SeedStep[] = [imageLibrarySeedStep];
