// The 'PvP Battle' tab: up to 10 other players' bots (nearest the active bot's level, owners with 100+ coins),
// one to pick, and the challenge. The loser's owner pays the winner's owner 10% of their wallet, so a challenger
// needs 100 wallet coins too: the server says when they do not, and the tab shows it above the list. A shielded
// player is told that attacking ends the shield, and asked before the challenge goes.
import type { BattleOutcome, Bot, PvpOpponent } from "@bot-arena/contract";
import { checkBattle, messages, PVP_BATTLE_ENERGY, pvpMessages } from "@bot-arena/game";
import { useQuery } from "@tanstack/react-query";
import { Coins, ShieldCheck, ShieldHalf, Swords, UserRound, Users } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { meQuery } from "../../app/session";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cn } from "../../ui/cn";
import { SpinnerArea } from "../../ui/Spinner";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { DEFENSES_ROUTE, pilotRoute } from "../pilots/api";
import { endTime } from "../pilots/rating";
import { usePvpBattle, usePvpOpponents, usePvpWinChance } from "./api";
import { WinChanceMeter } from "./WinChanceMeter";
import { winChanceVerdict } from "./winChance";

/** The spec's list label: 'name - Lv.x (wW/lL)'. */
export const opponentLabel = (o: Pick<PvpOpponent, "name" | "level" | "wins" | "losses">) =>
  `${o.name} - Lv.${o.level} (${o.wins}W/${o.losses}L)`;

export function PvpBattleTab({ bot, onFought }: { bot: Bot; onFought: (outcome: BattleOutcome) => void }) {
  const opponents = usePvpOpponents(true);
  const battle = usePvpBattle();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const me = useQuery(meQuery()).data;
  const list = opponents.data?.opponents ?? [];
  const cannotChallenge = opponents.data?.cannotChallenge ?? null;
  const shieldUntil = opponents.data?.shieldUntil ?? null;
  const selected = list.find((o) => o.id === selectedId) ?? null;
  const odds = usePvpWinChance(selected?.id ?? null);

  const challenge = () => {
    if (cannotChallenge) {
      toast.error(cannotChallenge);
      return;
    }
    const check = checkBattle({
      mode: "pvp",
      opponentSelected: selected !== null,
      energy: bot.energy,
      durability: bot.durability,
    });
    if (!check.ok || !selected) {
      toast.error(check.ok ? messages.selectOpponent : check.message);
      return;
    }
    // Attacking ends the player's own shield: asked first, never a surprise.
    if (shieldUntil) setConfirming(selected.id);
    else fightNow(selected.id);
  };
  const fightNow = (defenderId: string) => {
    setConfirming(null);
    battle.mutate(
      { defenderId },
      {
        onSuccess: onFought,
        onError: (error) => toast.error(errorMessage(error, messages.battleFailed)),
      },
    );
  };

  if (opponents.isPending) {
    return <SpinnerArea className="h-40" tone="text-cyan" />;
  }
  return (
    <div className="space-y-5">
      {cannotChallenge && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-amber/50 bg-amber/10 p-3 text-sm font-semibold text-amber"
        >
          <Coins className="size-4 shrink-0" aria-hidden="true" />
          {cannotChallenge}
        </p>
      )}
      {shieldUntil && (
        <p
          role="status"
          data-testid="own-shield"
          className="flex items-center gap-2 rounded-md border border-cyan/40 bg-cyan/10 p-3 text-sm font-semibold text-cyan"
        >
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          You are shielded until {endTime(shieldUntil)}. {pvpMessages.shieldEnds}.
        </p>
      )}
      {list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-cyan/30 px-4 py-10 text-center">
          <Users className="size-10 text-muted" aria-hidden="true" />
          <p className="font-display text-sm font-bold uppercase tracking-[0.2em] text-muted">
            No players available
          </p>
        </div>
      ) : (
        <RadioGroup.Root
          aria-label="Opponents"
          value={selectedId ?? ""}
          onValueChange={setSelectedId}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2"
        >
          {list.map((opponent) => (
            <RadioGroup.Item
              key={opponent.id}
              value={opponent.id}
              aria-label={`${opponentLabel(opponent)}, pilot ${opponent.ownerName}`}
              className={cn(
                "group flex cursor-pointer items-center gap-3 rounded-lg border border-cyan/15 bg-void/50 p-2.5 text-left transition",
                "hover:border-cyan/50 data-[state=checked]:border-magenta data-[state=checked]:bg-magenta/10",
                "data-[state=checked]:shadow-[0_0_18px_rgb(255_43_214/0.3)]",
              )}
            >
              <BotImage bot={opponent} quiet className="w-12 shrink-0" />
              <span className="min-w-0 flex-1">
                <span className="block break-words font-semibold text-ink">{opponentLabel(opponent)}</span>
                <span className="flex items-center gap-2 text-sm text-muted">
                  <span className="break-words">{opponent.ownerName}</span>
                  <RarityBadge rarity={opponent.rarity} />
                </span>
              </span>
              <span
                className="grid size-5 shrink-0 place-items-center rounded-full border border-cyan/40 group-data-[state=checked]:border-magenta"
                aria-hidden="true"
              >
                <RadioGroup.Indicator className="size-2.5 rounded-full bg-magenta" />
              </span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      )}
      {selected && !odds.isLoadingError && (
        <WinChanceMeter
          percent={odds.data?.percent ?? null}
          hint={odds.data && `Against ${selected.name}. ${winChanceVerdict(odds.data.percent)}`}
        />
      )}
      <p className="text-sm text-muted">
        The loser's pilot pays the winner 10% of their wallet. Pilots under 100 coins are safe from PvP.
      </p>
      <Button
        className="w-full"
        icon={<Swords className="size-4" aria-hidden="true" />}
        busy={battle.isPending}
        disabled={cannotChallenge !== null}
        onClick={challenge}
      >
        Challenge {selected?.name ?? "an opponent"} ({PVP_BATTLE_ENERGY} Energy)
      </Button>
      <nav aria-label="Your PvP" className="flex flex-wrap justify-center gap-2">
        <ButtonLink
          to={DEFENSES_ROUTE}
          variant="ghost"
          size="sm"
          icon={<ShieldHalf className="size-4" aria-hidden="true" />}
        >
          Defense log
        </ButtonLink>
        {me && (
          <ButtonLink
            to={pilotRoute(me.username)}
            variant="ghost"
            size="sm"
            icon={<UserRound className="size-4" aria-hidden="true" />}
          >
            Your pilot profile
          </ButtonLink>
        )}
      </nav>
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && fightNow(confirming)}
        title="Attack while shielded?"
        description={`${pvpMessages.shieldEnds}: you are shielded until ${shieldUntil ? endTime(shieldUntil) : ""}, and raids on you are allowed again once you attack.`}
        confirmLabel="Attack and end my shield"
        busy={battle.isPending}
      />
    </div>
  );
}
