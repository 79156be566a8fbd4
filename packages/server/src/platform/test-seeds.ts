// A test hook: with TEST_BATTLE_SEEDS=on (browser journeys, tests) a request may fix the seed of every battle
// it starts with the `x-test-battle-seed` header, so no journey needs luck to win. Off, the default and in
// production, the header is ignored and every battle draws a fresh random seed.
import { AsyncLocalStorage } from "node:async_hooks";

export const TEST_SEED_HEADER = "x-test-battle-seed";

const injected = new AsyncLocalStorage<number>();

/** The seed the current request fixed, if the hook is on and it sent one. */
export function injectedBattleSeed(): number | undefined {
  return injected.getStore();
}

/** Runs `work` with the request's seed (when `header` holds a whole number of 0 or more) as the injected one. */
export function withInjectedSeed<T>(header: unknown, work: () => T): T {
  const seed = typeof header === "string" && /^\d{1,15}$/.test(header) ? Number(header) : null;
  return seed === null ? work() : injected.run(seed, work);
}
