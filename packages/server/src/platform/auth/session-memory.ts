// Who is behind a session token, remembered for a moment, so that a signed-in request reads nothing (and GET
// /api/me the player's balances, always fresh) instead of joining sessions, profiles and roles. Ending a
// session and changing a role forget at once, in every process (the live hub hears the notification of
// each, and a bus that dropped makes every process forget everything); the moment (`ttlMs`) bounds what a lost
// notification could leave behind.
import type { UserId } from "../ids";

export type KnownSession = {
  sessionId: string;
  userId: UserId;
  /** Never change once the account exists, so they are remembered with the session. */
  username: string;
  email: string;
  isAdmin: boolean;
  expiresAt: Date;
  lastSeen: Date;
};

type Entry = KnownSession & { tokenHash: string; until: number };

export type SessionMemory = ReturnType<typeof createSessionMemory>;

export function createSessionMemory(options: { ttlMs: number; max: number; now?: () => number }) {
  const now = options.now ?? (() => performance.now());
  const byToken = new Map<string, Entry>();
  const byUser = new Map<string, Set<Entry>>();
  /** Moves on every forget, so a lookup that was under way during one is not remembered. */
  let generation = 0;

  function drop(entry: Entry) {
    byToken.delete(entry.tokenHash);
    const set = byUser.get(entry.userId);
    set?.delete(entry);
    if (set?.size === 0) byUser.delete(entry.userId);
  }

  return {
    /** Read before a lookup; hand it to `remember` with the lookup's answer. */
    generation: () => generation,

    recall(tokenHash: string): KnownSession | undefined {
      const entry = byToken.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now()) return entry;
      drop(entry);
      return undefined;
    },

    /** Keeps what a lookup found, unless something was forgotten since it began (it may have been this). */
    remember(tokenHash: string, session: KnownSession, since: number) {
      if (since !== generation) return;
      const old = byToken.get(tokenHash);
      if (old) drop(old);
      // The oldest entry makes room: a Map iterates in insertion order.
      const oldest = byToken.size >= options.max ? byToken.values().next().value : undefined;
      if (oldest) drop(oldest);
      const entry: Entry = { ...session, tokenHash, until: now() + options.ttlMs };
      byToken.set(tokenHash, entry);
      const set = byUser.get(session.userId) ?? new Set();
      set.add(entry);
      byUser.set(session.userId, set);
    },

    /** Updates a remembered session's dates after the lookup wrote them. */
    touch(tokenHash: string, dates: { lastSeen: Date; expiresAt: Date }) {
      const entry = byToken.get(tokenHash);
      if (entry) Object.assign(entry, dates);
    },

    /** One session of a player ended (sign-out): forgotten. */
    forgetSession(userId: string, sessionId: string) {
      generation += 1;
      for (const entry of [...(byUser.get(userId) ?? [])]) if (entry.sessionId === sessionId) drop(entry);
    },

    /** Every session of a player (ended all, or a role changed). */
    forgetUser(userId: string) {
      generation += 1;
      for (const entry of [...(byUser.get(userId) ?? [])]) drop(entry);
    },

    /** Everything: the live bus dropped, so a forget may have been missed. */
    forgetAll() {
      generation += 1;
      byToken.clear();
      byUser.clear();
    },

    size: () => byToken.size,
  };
}
