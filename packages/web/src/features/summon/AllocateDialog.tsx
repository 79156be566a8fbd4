// The summon's 10 bonus points: no negatives, no more than remain; confirm only at 0 remaining, otherwise the
// button reads 'Allocate N more points'. In the summon flow it cannot be dismissed; opened from Bot Command
// (`onClose`) it can.
import type { Bot } from "@bot-arena/contract";
import {
  bonusPointsRemaining,
  messages,
  type StatName,
  type Stats,
  SUMMON_BONUS_POINTS,
} from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Wand2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { StatAllocator } from "../bots/StatAllocator";
import { replaceCachedBot } from "../bots/useBots";
import { autoAllocate } from "./quickSetup";

const none: Stats = { strength: 0, agility: 0, defense: 0, intelligence: 0 };

export function AllocateDialog({
  bot,
  onDone,
  onClose,
}: {
  bot: Bot;
  onDone: (bot: Bot) => void;
  onClose?: () => void;
}) {
  const [points, setPoints] = useState<Stats>(none);
  const queryClient = useQueryClient();
  const remaining = bonusPointsRemaining(points);
  const save = useMutation({
    mutationFn: () => call("allocateBot", { params: { id: bot.id }, body: points }),
    onSuccess: (ready) => {
      replaceCachedBot(queryClient, ready);
      onDone(ready);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to allocate stats")),
  });
  const step = (stat: StatName, delta: 1 | -1) =>
    setPoints((p) => {
      const next = p[stat] + delta;
      if (next < 0 || (delta > 0 && bonusPointsRemaining(p) <= 0)) return p;
      return { ...p, [stat]: next };
    });

  return (
    <Dialog
      open
      dismissible={onClose !== undefined}
      onOpenChange={(open) => !open && onClose?.()}
      title={`Allocate Stat Points`}
      description={`${bot.name} has ${SUMMON_BONUS_POINTS} bonus points to place.`}
      className="w-[min(94vw,32rem)]"
    >
      <div className="space-y-5">
        <StatAllocator
          values={points}
          base={bot}
          max={SUMMON_BONUS_POINTS}
          canRaise={() => remaining > 0}
          canLower={(stat) => points[stat] > 0}
          onStep={step}
          disabled={save.isPending}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="font-display text-sm font-bold text-muted">
            <span data-testid="bonus-remaining" className={remaining === 0 ? "text-lime" : "text-amber"}>
              {remaining}
            </span>{" "}
            / {SUMMON_BONUS_POINTS} left
          </span>
          <Button
            variant="ghost"
            onClick={() => setPoints(autoAllocate(bot))}
            disabled={save.isPending}
            icon={<Wand2 className="size-4" aria-hidden="true" />}
          >
            Auto-allocate
          </Button>
          <Button
            disabled={remaining !== 0}
            busy={save.isPending}
            onClick={() => save.mutate()}
            icon={remaining === 0 ? <Check className="size-4" aria-hidden="true" /> : undefined}
          >
            {remaining === 0 ? "Confirm" : messages.allocateMorePoints(remaining)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
