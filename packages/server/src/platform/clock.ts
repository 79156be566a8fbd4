// Time comes from a clock passed in, so tests can move it (session expiry, daily limits).
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
