import type { Bot } from "@bot-arena/contract";
import { checkTraining, type StatName, TRAINING_ENERGY_PER_POINT } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dumbbell, Package, Plus, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { ScreenQueryView } from "../../app/QueryView";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { cn } from "../../ui/cn";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { EnergyBar } from "../bots/BotMeters";
import { statLook, statOrder } from "../bots/BotStatGrid";
import { NoActiveBotPanel } from "../bots/NoActiveBotPanel";
import { RarityBadge } from "../bots/RarityBadge";
import { invalidateBotsAndMe, replaceCachedBot, useActiveBot } from "../bots/useBots";

const statBlurb: Record<StatName, string> = {
  strength: "Raw damage on every hit.",
  agility: "Speed that sharpens each strike.",
  defense: "Armour that shrugs off damage and adds HP.",
  intelligence: "Combat processing power.",
};

const header = <PageHeader title="Training Facility" icon={<Dumbbell className="size-6" />} />;

export default function TrainPage() {
  const active = useActiveBot();
  return (
    <ScreenQueryView query={active} loading="Loading your bot" title="Failed to load your bot">
      {(bot) => <Training bot={bot} />}
    </ScreenQueryView>
  );
}

function Training({ bot }: { bot: Bot | null }) {
  const queryClient = useQueryClient();
  const train = useMutation({
    mutationFn: (input: { id: string; stat: StatName }) =>
      call("trainBot", { params: { id: input.id }, body: { stat: input.stat } }),
    onSuccess: (answer) => {
      replaceCachedBot(queryClient, answer.bot);
      toast.success(answer.message);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to load your bot")),
    onSettled: () => invalidateBotsAndMe(queryClient),
  });

  if (!bot) {
    return (
      <div>
        {header}
        <NoActiveBotPanel
          title="No Active Bot"
          text="Summon a bot or pick one from your roster to start training."
        >
          <ButtonLink to="/summon" icon={<Sparkles className="size-4" aria-hidden="true" />}>
            Summon Bot
          </ButtonLink>
          <ButtonLink
            to="/inventory"
            variant="secondary"
            icon={<Package className="size-4" aria-hidden="true" />}
          >
            Manage Bots
          </ButtonLink>
        </NoActiveBotPanel>
      </div>
    );
  }

  const addPoint = (stat: StatName) => {
    const check = checkTraining(bot);
    if (!check.ok) return void toast.error(check.message);
    train.mutate({ id: bot.id, stat });
  };

  return (
    <div>
      {header}
      <Panel className="mb-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <BotImage bot={bot} quiet className="w-28 shrink-0" />
          <div className="min-w-0 flex-1 space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="break-words font-display text-xl font-black uppercase text-ink">{bot.name}</h2>
              <RarityBadge rarity={bot.rarity} />
              <span className="text-muted">Lv. {bot.level}</span>
            </div>
            <EnergyBar energy={bot.energy} maxEnergy={bot.maxEnergy} />
          </div>
          <div className="rounded-lg border border-lime/30 bg-lime/10 px-5 py-3 text-center">
            <p
              data-testid="available-points"
              className="font-display text-3xl font-black text-lime tabular-nums"
            >
              {bot.availablePoints}
            </p>
            <p className="text-xs font-semibold uppercase tracking-widest text-lime/80">Available points</p>
          </div>
        </div>
      </Panel>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {statOrder.map((stat) => {
          const { label, icon: Icon, color } = statLook[stat];
          return (
            <Panel key={stat} tone="neutral" role="region" aria-label={label}>
              <div className="flex items-center justify-between">
                <Icon className={cn("size-8", color)} aria-hidden="true" />
                <span
                  data-testid={`train-${stat}`}
                  className="font-display text-4xl font-black text-ink tabular-nums"
                >
                  {bot[stat]}
                </span>
              </div>
              <h3 className="mt-3 font-display text-base font-bold uppercase text-ink">{label}</h3>
              <p className="mt-1 min-h-10 text-sm text-muted">{statBlurb[stat]}</p>
              <Button
                className="mt-4 w-full px-3 tracking-[0.08em] whitespace-nowrap"
                busy={train.isPending && train.variables?.stat === stat}
                disabled={train.isPending}
                onClick={() => addPoint(stat)}
                icon={<Plus className="size-4" aria-hidden="true" />}
              >
                Add Point ({TRAINING_ENERGY_PER_POINT} Energy)
              </Button>
            </Panel>
          );
        })}
      </div>
    </div>
  );
}
