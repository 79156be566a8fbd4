// The three place rewards of a guild war: the house creates them into the winners' banks (no guild pays to
// enter). The admin sets them for the wars that open from now on (one admin_settings row); a war copies them
// into its own row when it opens, so a change never touches a war already open. Defaults: GUILD_WAR_REWARDS.
import type { GuildWarRewardsBody, GuildWarRewardsResponse } from "@bot-arena/contract";
import { GUILD_WAR_REWARDS, messages, type WarRewards } from "@bot-arena/game";
import type { Db, Tx } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { logAdminAction } from "../../platform/ops-log";
import { audited } from "../admin/audit";
import { readSetting, settingKeys, writeSetting } from "../admin/settings";

const places = ["first", "second", "third"] as const;

const isCoins = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** The rewards the next war opens with: the admin's, or the defaults until an admin has chosen. */
export async function readWarRewards(db: Db | Tx): Promise<WarRewards> {
  const stored = await readSetting<Partial<Record<(typeof places)[number], unknown>>>(
    db,
    settingKeys.guildWarRewards,
  );
  // A row written by hand that is not three whole coin amounts counts as not chosen.
  if (!stored || !places.every((place) => isCoins(stored[place]))) return { ...GUILD_WAR_REWARDS };
  return { first: stored.first as number, second: stored.second as number, third: stored.third as number };
}

const answer = (rewards: WarRewards): GuildWarRewardsResponse => ({
  message: messages.nextWarRewards(rewards.first, rewards.second, rewards.third),
  rewards: { first: rewards.first, second: rewards.second, third: rewards.third },
});

export function createWarRewardsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async get(): Promise<GuildWarRewardsResponse> {
      return answer(await readWarRewards(db));
    },

    /** Stores the rewards of the next wars with the operations log's row, in one transaction. */
    set(adminId: UserId, body: GuildWarRewardsBody): Promise<GuildWarRewardsResponse> {
      const rewards = { first: body.first, second: body.second, third: body.third };
      const target = { adminId, action: "guild_war_rewards", targetType: "setting" };
      return audited(db, { ...target, detail: rewards }, () =>
        db.transaction(async (tx) => {
          const previous = await readWarRewards(tx);
          await writeSetting(tx, settingKeys.guildWarRewards, rewards, adminId);
          await logAdminAction(tx, {
            ...target,
            targetId: settingKeys.guildWarRewards,
            result: "success",
            detail: { ...rewards, previous },
          });
          return answer(rewards);
        }),
      );
    },
  };
}

export type WarRewardsService = ReturnType<typeof createWarRewardsService>;
