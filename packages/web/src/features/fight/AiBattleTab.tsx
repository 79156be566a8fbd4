// The 'AI Battle' tab: the server rolls an opponent (and remembers it), the player starts the battle.
import type { BattleOutcome, Bot } from "@bot-arena/contract";
import { AI_BATTLE_ENERGY, checkBattle, messages } from "@bot-arena/game";
import { Radar, Swords } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { SpinnerArea } from "../../ui/Spinner";
import { useAiBattle, useAiOpponent, useFindAiOpponent } from "./api";
import { OpponentCard } from "./OpponentCard";
import { WinChanceMeter } from "./WinChanceMeter";

export function AiBattleTab({ bot, onFought }: { bot: Bot; onFought: (outcome: BattleOutcome) => void }) {
  const opponent = useAiOpponent(true);
  const find = useFindAiOpponent();
  const battle = useAiBattle();

  const findOpponent = () =>
    find.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, "Failed to load data")) });

  const startBattle = () => {
    const check = checkBattle({
      mode: "ai",
      opponentSelected: Boolean(opponent.data),
      energy: bot.energy,
      durability: bot.durability,
    });
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    battle.mutate(undefined, {
      onSuccess: onFought,
      onError: (error) => toast.error(errorMessage(error, messages.battleFailed)),
    });
  };

  return (
    <div className="space-y-5">
      {opponent.isPending ? (
        <SpinnerArea className="h-40" tone="text-magenta" />
      ) : opponent.data ? (
        <>
          <OpponentCard opponent={opponent.data} />
          <WinChanceMeter percent={opponent.data.winChance.percent} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-magenta/30 px-4 py-10 text-center">
          <Radar className="size-10 animate-glow-pulse text-magenta" aria-hidden="true" />
          <p className="font-display text-sm font-bold uppercase tracking-[0.2em] text-muted">
            No opponent on the radar
          </p>
          <p className="text-sm text-muted">
            Scan for a rival within one level of yours. Every roll happens on the arena's servers.
          </p>
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          className="sm:flex-1"
          icon={<Radar className="size-4" aria-hidden="true" />}
          busy={find.isPending}
          onClick={findOpponent}
        >
          Find AI Opponent
        </Button>
        <Button
          className="sm:flex-1"
          icon={<Swords className="size-4" aria-hidden="true" />}
          busy={battle.isPending}
          onClick={startBattle}
        >
          Start AI Battle ({AI_BATTLE_ENERGY} Energy)
        </Button>
      </div>
    </div>
  );
}
