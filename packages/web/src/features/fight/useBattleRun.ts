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
    // One toast per battle result, the level up inside it: a stack of them after a fight covered the nav.
    const options = {
      id: "battle-result",
      description: outcome.leveledUp ? messages.levelUp(outcome.newLevel, outcome.pointsGained) : undefined,
    };
    if (outcome.won) toast.success(messages.victory, options);
    else toast.error(messages.defeat, options);
  }, [outcome]);

  const close = useCallback(() => setWatching(false), []);

  return { outcome, watching, start, announce, close };
}
