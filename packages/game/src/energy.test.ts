import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { msUntilNextEnergy, regenerateEnergy, spendEnergy } from "./energy";

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

describe("energy regeneration", () => {
  it("adds 1 energy per whole minute since the last update", () => {
    expect(regenerateEnergy({ energy: 40, maxEnergy: 100, lastEnergyUpdate: T0 }, T0 + 7 * MINUTE)).toEqual({
      energy: 47,
      lastEnergyUpdate: T0 + 7 * MINUTE,
      changed: true,
    });
  });

  it("carries the partial minute over by advancing lastUpdate in whole minutes only", () => {
    const result = regenerateEnergy(
      { energy: 40, maxEnergy: 100, lastEnergyUpdate: T0 },
      T0 + 2 * MINUTE + 45_000,
    );
    expect(result.energy).toBe(42);
    expect(result.lastEnergyUpdate).toBe(T0 + 2 * MINUTE);
  });

  it("less than a minute changes nothing", () => {
    expect(regenerateEnergy({ energy: 40, maxEnergy: 100, lastEnergyUpdate: T0 }, T0 + 59_999)).toEqual({
      energy: 40,
      lastEnergyUpdate: T0,
      changed: false,
    });
  });

  it("caps at max energy and then sets lastUpdate to now", () => {
    expect(
      regenerateEnergy({ energy: 95, maxEnergy: 100, lastEnergyUpdate: T0 }, T0 + 60 * MINUTE + 5),
    ).toEqual({
      energy: 100,
      lastEnergyUpdate: T0 + 60 * MINUTE + 5,
      changed: true,
    });
  });

  it("a full bot keeps its energy and restarts the clock at now", () => {
    const result = regenerateEnergy({ energy: 100, maxEnergy: 100, lastEnergyUpdate: T0 }, T0 + 10 * MINUTE);
    expect(result).toEqual({ energy: 100, lastEnergyUpdate: T0 + 10 * MINUTE, changed: true });
  });

  it("a lastUpdate in the future waits instead of going backwards", () => {
    expect(regenerateEnergy({ energy: 10, maxEnergy: 100, lastEnergyUpdate: T0 + MINUTE }, T0)).toEqual({
      energy: 10,
      lastEnergyUpdate: T0 + MINUTE,
      changed: false,
    });
  });

  it("reading often gives the same energy as reading once: nothing drifts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 10 * MINUTE }), { maxLength: 20 }),
        (energy, steps) => {
          let state = { energy, maxEnergy: 100, lastEnergyUpdate: T0 };
          let now = T0;
          for (const step of steps) {
            now += step;
            state = { ...state, ...regenerateEnergy(state, now) };
          }
          const once = regenerateEnergy({ energy, maxEnergy: 100, lastEnergyUpdate: T0 }, now);
          expect(state.energy).toBe(once.energy);
          expect(state.energy).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it("tells how long until the next point, or null when full", () => {
    expect(msUntilNextEnergy({ energy: 10, maxEnergy: 100, lastEnergyUpdate: T0 }, T0 + 20_000)).toBe(40_000);
    expect(msUntilNextEnergy({ energy: 10, maxEnergy: 100, lastEnergyUpdate: T0 }, T0 + 61_000)).toBe(59_000);
    expect(msUntilNextEnergy({ energy: 100, maxEnergy: 100, lastEnergyUpdate: T0 }, T0)).toBeNull();
  });

  it("spending from full starts a fresh minute from now", () => {
    expect(spendEnergy({ energy: 100, maxEnergy: 100, lastEnergyUpdate: T0 }, 15, T0 + 90 * MINUTE)).toEqual({
      energy: 85,
      lastEnergyUpdate: T0 + 90 * MINUTE,
    });
  });

  it("spending counts regenerated energy and refuses a shortfall", () => {
    expect(spendEnergy({ energy: 10, maxEnergy: 100, lastEnergyUpdate: T0 }, 15, T0 + 5 * MINUTE)).toEqual({
      energy: 0,
      lastEnergyUpdate: T0 + 5 * MINUTE,
    });
    expect(spendEnergy({ energy: 10, maxEnergy: 100, lastEnergyUpdate: T0 }, 15, T0 + 4 * MINUTE)).toBeNull();
  });
});
