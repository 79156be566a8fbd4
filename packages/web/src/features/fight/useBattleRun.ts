// The life of one battle on /fight: the server's answer opens the COMBAT ZONE; when the result shows, the
// toasts the spec names ('Victory!' or 'Defeat!', the level up); the answer stays for the text Battle Log.
import type { BattleOutcome } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { useCallback, useState } from "react";
import { toast } from "sonner";

export function useBattleRun() {
  const [outcome, setOutcome] = useState<BattleOutcome | null>(null);
  const [watching, setWatching] = useState(false);

  const start = useCallback((next: BattleOutcome) => {
    setOutcome(next);
    setWatching(true);
  }, []);

  const announce = useCallback(() => {
    if (!outcome) return;
    if (outcome.won) toast.success(messages.victory);
    else toast.error(messages.defeat);
    if (outcome.leveledUp) toast.success(messages.levelUp(outcome.newLevel, outcome.pointsGained));
  }, [outcome]);

  const close = useCallback(() => setWatching(false), []);

  return { outcome, watching, start, announce, close };
}
