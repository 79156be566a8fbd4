// The arena's refusals as API errors: the rulebook words them, this file picks the status and code.
import { arenaMessages, botsMessages } from "@bot-arena/contract";
import { type BattleMode, battleEnergyCost, checkBattle, messages } from "@bot-arena/game";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors";
import { refuse } from "../../platform/refuse";

export const noActiveBot = () => notFound(messages.noActiveBot);
export const noOpponentSelected = () => conflict(messages.selectOpponent);
export const ownBot = () => forbidden(messages.cannotFightOwnBot);
export const opponentProtected = () => conflict(messages.opponentProtected);
export const opponentUnavailable = () => conflict(arenaMessages.opponentUnavailable);
export const attackerListed = () => conflict(botsMessages.botListed);
export const challengerWalletTooLow = () =>
  new AppError(409, "NOT_ENOUGH_COINS", arenaMessages.challengerWalletTooLow);
export const notEnoughEnergy = (mode: BattleMode) =>
  new AppError(409, "NOT_ENOUGH_ENERGY", messages.notEnoughEnergy(battleEnergyCost(mode)));

/**
 * The rulebook's pre-battle check (opponent chosen, energy, durability), thrown as the matching error;
 * hands back the opponent once it is known to be there.
 */
export function assertCanBattle<T>(input: {
  mode: BattleMode;
  opponent: T | null;
  energy: number;
  durability: number;
}): T {
  refuse(checkBattle({ ...input, opponentSelected: input.opponent !== null }));
  if (input.opponent === null) throw noOpponentSelected();
  return input.opponent;
}

/** A PvP protection's refusal (linked, shielded, at the daily cap, attacked today, revenge closed). */
export const pvpRefused = (message: string) => conflict(message);
