// /dashboard, BOT COMMAND: the roster (with 'x / 20' once there is more than one bot), the selected bot in
// full, and the per-bot actions. No bots: off to /summon. No active bot: the first is shown.
import type { Bot } from "@bot-arena/contract";
import { MAX_BOTS, messages, RECYCLE_REFUND, REFRESH_COST } from "@bot-arena/game";
import { LayoutDashboard, Plus, Recycle, RefreshCw, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { toast } from "sonner";
import { ScreenQueryView } from "../../app/QueryView";
import { useMe } from "../../app/session";
import { Badge } from "../../ui/Badge";
import { ButtonLink } from "../../ui/ButtonLink";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { useBots } from "../bots/useBots";
import { BotDetail } from "./BotDetail";
import { ConfirmDialog } from "./ConfirmDialog";
import { NextStepCard } from "./NextStepCard";
import { RecentBattlesSlot } from "./RecentBattlesSlot";
import { RenameDialog } from "./RenameDialog";
import { RosterCard } from "./RosterCard";
import { useRosterActions } from "./useRosterActions";

type Pending = { kind: "rename" | "refresh" | "recycle"; bot: Bot } | null;

export default function DashboardPage() {
  const roster = useBots();
  return (
    <ScreenQueryView query={roster} loading="Loading your bots" title="Failed to load data">
      {(bots) => <BotCommand bots={bots} />}
    </ScreenQueryView>
  );
}

function BotCommand({ bots }: { bots: Bot[] }) {
  const coins = useMe().data?.coins ?? 0;
  const actions = useRosterActions();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  if (bots.length === 0) return <Navigate to="/summon" replace />;
  const selected = bots.find((bot) => bot.id === selectedId) ?? bots.find((bot) => bot.isActive) ?? bots[0]!;
  const close = () => setPending(null);

  const askRecycle = (bot: Bot) => {
    if (bot.isActive) return void toast.error(messages.cannotRecycleActive);
    setPending({ kind: "recycle", bot });
  };
  const confirmRefresh = (bot: Bot) => {
    if (coins < REFRESH_COST) return void toast.error(messages.refreshNeedsCoins);
    actions.refresh.mutate(bot.id, { onSuccess: close });
  };

  return (
    <div>
      <PageHeader
        title="BOT COMMAND"
        subtitle="Your combat roster. Select a bot to inspect it, manage it, or send it into battle."
        icon={<LayoutDashboard className="size-6" />}
        actions={
          <div className="flex items-center gap-3">
            {bots.length > 1 && (
              <Badge tone="cyan" className="px-2.5 py-1.5 text-xs">
                <span data-testid="roster-count">
                  {bots.length} / {MAX_BOTS}
                </span>
              </Badge>
            )}
            <ButtonLink
              to="/summon"
              variant="secondary"
              icon={<Sparkles className="size-4" aria-hidden="true" />}
            >
              Summon
            </ButtonLink>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <NextStepCard bots={bots} />
          <BotDetail
            bot={selected}
            activating={actions.activate.isPending}
            onActivate={() => actions.activate.mutate(selected.id)}
          />
          <RecentBattlesSlot botId={selected.id} />
        </div>
        <Panel tone="magenta" aria-label="Roster">
          <h2 className="mb-4 font-display text-sm font-bold uppercase tracking-[0.25em] text-magenta">
            Roster
          </h2>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
            {bots.map((bot) => (
              <RosterCard
                key={bot.id}
                bot={bot}
                selected={bot.id === selected.id}
                onSelect={() => setSelectedId(bot.id)}
                onRename={() => setPending({ kind: "rename", bot })}
                onRefresh={() => setPending({ kind: "refresh", bot })}
                onRecycle={() => askRecycle(bot)}
              />
            ))}
            {bots.length < MAX_BOTS && (
              <Link
                to="/summon"
                className="group flex min-h-40 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-magenta/40 bg-magenta/5 p-4 text-center text-magenta transition hover:border-magenta hover:bg-magenta/10"
              >
                <Plus className="size-8 transition group-hover:scale-110" aria-hidden="true" />
                <span className="font-display text-xs font-bold uppercase tracking-widest">Summon more</span>
                <span className="text-xs text-muted">{MAX_BOTS - bots.length} slots free</span>
              </Link>
            )}
          </div>
        </Panel>
      </div>

      <RenameDialog
        bot={pending?.kind === "rename" ? pending.bot : null}
        coins={coins}
        busy={actions.rename.isPending}
        onClose={close}
        onRename={(name) => actions.rename.mutateAsync({ id: pending!.bot.id, name })}
      />
      <ConfirmDialog
        open={pending?.kind === "refresh"}
        title="Refresh Bot"
        confirmLabel={`Refresh (${REFRESH_COST})`}
        confirmIcon={<RefreshCw className="size-4" aria-hidden="true" />}
        variant="secondary"
        busy={actions.refresh.isPending}
        onClose={close}
        onConfirm={() => pending && confirmRefresh(pending.bot)}
      >
        <p>
          Refresh <strong>{pending?.bot.name}</strong> for{" "}
          <strong className="text-amber">{REFRESH_COST} coins</strong>?
        </p>
        <p className="rounded-md border border-amber/40 bg-amber/10 px-3 py-2 text-amber">
          Warning: the bot's rarity is re-rolled and may upgrade or downgrade. It gets a new image and new
          stats.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === "recycle"}
        title="Recycle Bot"
        confirmLabel={`Recycle (+${RECYCLE_REFUND})`}
        confirmIcon={<Recycle className="size-4" aria-hidden="true" />}
        variant="danger"
        busy={actions.recycle.isPending}
        onClose={close}
        onConfirm={() => pending && actions.recycle.mutate(pending.bot.id, { onSuccess: close })}
      >
        <p>
          Recycle <strong>{pending?.bot.name}</strong> for{" "}
          <strong className="text-lime">+{RECYCLE_REFUND} coins</strong>?
        </p>
        <p className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-[#ff9aae]">
          This is permanent: the bot is gone for good. Image status does not matter; bots with or without an
          image are recycled the same way.
        </p>
      </ConfirmDialog>
    </div>
  );
}
