// The bots feature's service: the roster read (energy regenerated and written back), the creation preview, and
// the actions of create-bot.ts, summon.ts and roster-actions.ts bound to their dependencies.
import type { Bot, BotList, BotPreviewQuery } from "@bot-arena/contract";
import { CREATION_COLOR_SCHEMES, DEFAULT_BOT_CLASS } from "@bot-arena/game";
import { renderMechaSvg } from "@bot-arena/images";
import type { UserId } from "../../platform/ids";
import { mechaInputOf } from "./bot-images";
import { createFirstBot } from "./create-bot";
import type { BotsDeps } from "./deps";
import { listOwnedBots, refreshEnergy, toBotDto } from "./queries";
import { activateBot, recycleBot, refreshRosterBot, renameBot, trainBot } from "./roster-actions";
import { allocateBonus, nameBot, summon } from "./summon";
import { summonHistory } from "./summon-history";

export type BotsService = ReturnType<typeof createBotsService>;

export function createBotsService(deps: BotsDeps) {
  return {
    async list(userId: UserId): Promise<BotList> {
      const rows = await listOwnedBots(deps.db, userId);
      const now = deps.clock.now();
      const bots: Bot[] = [];
      for (const { bot: row, isListed } of rows) {
        const fresh = await refreshEnergy(deps.db, row, now);
        // A full bot's clock only matters to a spender, who regenerates again: show the stored row, stable.
        bots.push(toBotDto(fresh.energy === row.energy ? row : fresh, { isListed }));
      }
      return { bots };
    },

    /** The SVG the first bot would get with this name, model and colours: same input as createFirstBot. */
    preview(query: BotPreviewQuery): string {
      const scheme = CREATION_COLOR_SCHEMES.find((s) => s.name === query.colorScheme)!;
      return renderMechaSvg(
        mechaInputOf({
          name: query.name.trim(),
          model: query.model,
          colorPrimary: scheme.primary,
          colorSecondary: scheme.secondary,
          rarity: "common",
          botClass: DEFAULT_BOT_CLASS,
        }),
      );
    },

    create: createFirstBot.bind(null, deps),
    summon: summon.bind(null, deps),
    name: nameBot.bind(null, deps),
    allocate: allocateBonus.bind(null, deps),
    activate: activateBot.bind(null, deps),
    rename: renameBot.bind(null, deps),
    refresh: refreshRosterBot.bind(null, deps),
    recycle: recycleBot.bind(null, deps),
    train: trainBot.bind(null, deps),
    history: (userId: UserId, page: number) => summonHistory(deps.db, userId, page),
  };
}
