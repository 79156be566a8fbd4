// Energy regeneration: one point per whole minute since the last write, up to the maximum. The clock is
// passed in; the returned lastUpdate keeps the unspent part of a minute so repeated reads never drift.
import { ENERGY_REGEN_INTERVAL_MS, ENERGY_REGEN_PER_MINUTE } from "./constants";

export interface EnergyState {
  readonly energy: number;
  readonly maxEnergy: number;
  /** Milliseconds since the epoch. */
  readonly lastEnergyUpdate: number;
}

export interface RegeneratedEnergy {
  readonly energy: number;
  readonly lastEnergyUpdate: number;
  /** Whether either field differs from the input, so a caller can skip the write. */
  readonly changed: boolean;
}

export function regenerateEnergy(state: EnergyState, now: number): RegeneratedEnergy {
  const { energy, maxEnergy, lastEnergyUpdate } = state;
  // At or above the cap nothing accrues, and the clock restarts from now so spending starts a fresh minute.
  if (energy >= maxEnergy) {
    return { energy, lastEnergyUpdate: now, changed: lastEnergyUpdate !== now };
  }
  // A lastEnergyUpdate in the future (clock skew between servers) waits rather than going backwards.
  const minutes =
    now > lastEnergyUpdate ? Math.floor((now - lastEnergyUpdate) / ENERGY_REGEN_INTERVAL_MS) : 0;
  if (minutes === 0) return { energy, lastEnergyUpdate, changed: false };
  const regenerated = energy + minutes * ENERGY_REGEN_PER_MINUTE;
  if (regenerated >= maxEnergy) return { energy: maxEnergy, lastEnergyUpdate: now, changed: true };
  return {
    energy: regenerated,
    lastEnergyUpdate: lastEnergyUpdate + minutes * ENERGY_REGEN_INTERVAL_MS,
    changed: true,
  };
}

/** Milliseconds until the next point arrives, or null when energy is full. */
export function msUntilNextEnergy(state: EnergyState, now: number): number | null {
  const current = regenerateEnergy(state, now);
  if (current.energy >= state.maxEnergy) return null;
  return current.lastEnergyUpdate + ENERGY_REGEN_INTERVAL_MS - Math.max(now, current.lastEnergyUpdate);
}

/**
 * Regenerates, then spends: the state to write after training or a battle, or null when energy falls
 * short. Writing lastEnergyUpdate along with energy matters: a bot spending from full starts a fresh minute.
 */
export function spendEnergy(
  state: EnergyState,
  amount: number,
  now: number,
): { energy: number; lastEnergyUpdate: number } | null {
  const current = regenerateEnergy(state, now);
  if (current.energy < amount) return null;
  return { energy: current.energy - amount, lastEnergyUpdate: current.lastEnergyUpdate };
}
