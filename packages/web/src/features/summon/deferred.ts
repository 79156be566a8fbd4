// Bots the player chose to name and allocate later ('Name and allocate later' after a 10x): /summon does not
// push them through its dialogs again on the next visit; Bot Command finishes them one by one. Kept in this
// browser only: on another device the bots still show 'Unnamed' in the roster and resume on /summon as before.
const KEY = "bot-arena.summon.later";

export function deferredBotIds(): Set<string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

/** Remembers `ids` as left for later, dropping ids no longer waiting (named and allocated since). */
export function deferBots(ids: readonly string[], stillWaiting: readonly string[]): void {
  const waiting = new Set(stillWaiting);
  const kept = [...deferredBotIds()].filter((id) => waiting.has(id));
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...new Set([...kept, ...ids])]));
  } catch {
    // Storage full or refused: the bots simply resume on the next visit to /summon.
  }
}
