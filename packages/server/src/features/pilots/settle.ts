// What a PvP battle does to its two pilots, in the battle's own transaction: both ratings by the rulebook's
// rateBattle (the defender damped; unrated when it repeats one of the pair's last two battles or falls in a
// season's freeze), both records and the season's rated battles,
// the shield (raised by the day's third lost defense, ended by the attacker's own attack), the result row the
// defense log and the protections read, and the defender's raid alert. Called under both profiles' locks, after the protections allowed the battle.
import { type PvpRaidAlert, playerAlertKinds } from "@bot-arena/contract";
import {
  type PvpProtectionRules,
  rateBattle,
  type Side,
  seasonRates,
  shieldAfterLoss,
} from "@bot-arena/game";
import type { Tx } from "../../platform/db/database";
import { pvpResults } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { raiseAlerts } from "../alerts/raise";
import type { FighterSnapshot } from "../battles/snapshot";
import { runningSeason } from "../seasons/seasons";
import { type PilotState, pilotStates, savePilotStates, shownDelta } from "./ratings";
import { repeatsRecentBattle } from "./repeats";

export type PvpSettlement = {
  attackerRatingDelta: number;
  defenderRatingDelta: number;
  shieldUntil: Date | null;
};

export async function settlePvpPilots(
  tx: Tx,
  input: {
    battleId: string;
    attackerId: UserId;
    defenderId: UserId;
    winner: Side;
    /** Both fighters as they entered: a battle identical to one of the pair's last two is not rated. */
    snapshots: { attacker: FighterSnapshot; defender: FighterSnapshot };
    now: Date;
    /** The defender's lost defenses of the last 24 hours before this battle. */
    lossesToday: number;
    revengeOf: string | null;
    rules: PvpProtectionRules;
    alert: { attackerName: string; botName: string; coins: number };
  },
): Promise<PvpSettlement> {
  const { attackerId, defenderId, winner, now } = input;
  const [states, repeated, season] = await Promise.all([
    pilotStates(tx, [attackerId, defenderId]),
    repeatsRecentBattle(tx, { attackerId, defenderId, ...input.snapshots, winner }),
    runningSeason(tx),
  ]);
  const attacker = states.get(attackerId) as PilotState;
  const defender = states.get(defenderId) as PilotState;
  // A season's freeze (its last 10 minutes, until the close) moves no rating: the podium is already decided.
  const frozen = season !== null && !seasonRates(season.frozenAt.getTime(), now.getTime());
  const isRated = !repeated && !frozen;
  const seasonBattle = isRated ? 1 : 0;
  const rated = isRated
    ? rateBattle(attacker.rating, defender.rating, winner, now.getTime())
    : { attacker: attacker.rating, defender: defender.rating };
  const attackerWon = winner === "attacker";
  const shieldMs = attackerWon ? shieldAfterLoss(input.lossesToday + 1, input.rules, now.getTime()) : null;
  const shieldUntil = shieldMs === null ? defender.shieldUntil : new Date(shieldMs);
  await Promise.all([
    savePilotStates(
      tx,
      new Map([
        [
          attackerId,
          {
            rating: rated.attacker,
            wins: attacker.wins + (attackerWon ? 1 : 0),
            losses: attacker.losses + (attackerWon ? 0 : 1),
            // Attacking is a choice to fight: the pilot's own shield ends with it.
            shieldUntil: null,
            seasonBattles: attacker.seasonBattles + seasonBattle,
          },
        ],
        [
          defenderId,
          {
            rating: rated.defender,
            wins: defender.wins + (attackerWon ? 0 : 1),
            losses: defender.losses + (attackerWon ? 1 : 0),
            shieldUntil,
            seasonBattles: defender.seasonBattles + seasonBattle,
          },
        ],
      ]),
    ),
    tx.insert(pvpResults).values({
      battleId: input.battleId,
      attackerUserId: attackerId,
      defenderUserId: defenderId,
      defenderWon: !attackerWon,
      rated: isRated,
      attackerRatingBefore: attacker.rating.rating,
      attackerRatingAfter: rated.attacker.rating,
      defenderRatingBefore: defender.rating.rating,
      defenderRatingAfter: rated.defender.rating,
      revengeOf: input.revengeOf,
      createdAt: now,
    }),
  ]);
  const settlement = {
    attackerRatingDelta: shownDelta(attacker.rating.rating, rated.attacker.rating),
    defenderRatingDelta: shownDelta(defender.rating.rating, rated.defender.rating),
    shieldUntil: shieldMs === null ? null : new Date(shieldMs),
  };
  const raid = {
    battleId: input.battleId,
    attackerName: input.alert.attackerName,
    botName: input.alert.botName,
    held: !attackerWon,
    coins: input.alert.coins,
    ratingDelta: settlement.defenderRatingDelta,
    shieldUntil: shieldMs,
  } satisfies PvpRaidAlert;
  // Stored in the defender's inbox and told live, as every alert is.
  await raiseAlerts(tx, [{ userId: defenderId, kind: playerAlertKinds.pvpRaid, data: raid }]);
  return settlement;
}
