// /customize-bots: the bots chosen on /inventory (or after a summon) in a grid; each opens the customization
// dialog. The first customization of a bot is free (Skip allowed); a customized bot is re-customized for
// 5 coins a rename and 5 a colour change. Progress counts the bots customized on this visit.
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { Backpack, CheckCircle2, LayoutDashboard, Palette } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ApiError, errorMessage } from "../../app/api";
import { ScreenQueryView, useLoadFailureToast } from "../../app/QueryView";
import { useMe } from "../../app/session";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { ProgressBar } from "../../ui/ProgressBar";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { useBots } from "../bots/useBots";
import { type CustomizeChoice, CustomizeDialog } from "./CustomizeDialog";
import { readCustomizeState } from "./paths";
import { useCustomizeBot } from "./useCustomize";

function NoBotsSelected() {
  return (
    <Panel>
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <Palette
          className="size-14 text-cyan drop-shadow-[0_0_14px_rgb(34_229_255/0.6)]"
          aria-hidden="true"
        />
        <h2 className="font-display text-xl font-bold uppercase tracking-widest text-ink">
          No Bots Selected
        </h2>
        <p className="max-w-sm text-muted">Open Inventory to choose bots to customize.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to="/inventory" icon={<Backpack className="size-4" aria-hidden="true" />}>
            Inventory
          </ButtonLink>
          <ButtonLink
            to="/dashboard"
            variant="ghost"
            icon={<LayoutDashboard className="size-4" aria-hidden="true" />}
          >
            Dashboard
          </ButtonLink>
        </div>
      </div>
    </Panel>
  );
}

export default function CustomizeBotsPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const { botIds, isReCustomization } = readCustomizeState(location.state, search);
  const roster = useBots();
  useLoadFailureToast(roster, "Failed to load bots");

  const header = (
    <PageHeader
      title={isReCustomization ? "Re-customize Bots" : "Customize Bots"}
      subtitle={
        isReCustomization
          ? "New names and colors: 5 coins a rename, 5 a color change."
          : "Name your new bots and give them their colors. The first customization is free."
      }
      icon={<Palette className="size-6" />}
    />
  );
  if (botIds.length === 0)
    return (
      <div className="space-y-6">
        {header}
        <NoBotsSelected />
      </div>
    );
  return (
    <ScreenQueryView query={roster} loading="Loading bots" title="Failed to load bots">
      {(bots) => <Customizing bots={bots} botIds={botIds} header={header} />}
    </ScreenQueryView>
  );
}

function Customizing({ bots, botIds, header }: { bots: Bot[]; botIds: string[]; header: ReactNode }) {
  const navigate = useNavigate();
  const coins = useMe().data?.coins ?? 0;
  const customize = useCustomizeBot();
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);

  const chosen = botIds.map((id) => bots.find((bot) => bot.id === id)).filter((b): b is Bot => !!b);
  if (chosen.length === 0)
    return (
      <div className="space-y-6">
        {header}
        <NoBotsSelected />
      </div>
    );
  const total = chosen.length;
  const count = chosen.filter((bot) => done.has(bot.id)).length;
  const current = chosen.find((bot) => bot.id === editing) ?? null;

  const confirm = async (bot: Bot, choice: CustomizeChoice) => {
    try {
      const result = await customize.mutateAsync({
        botId: bot.id,
        body: { ...(choice.name ? { name: choice.name } : {}), colorScheme: choice.colorScheme },
      });
      if (result.imageGenerated) toast.success(result.message);
      else toast.warning("Image generation failed", { description: "Bot saved with default image" });
      setDone((old) => new Set(old).add(bot.id));
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiError && error.code === "NOT_ENOUGH_COINS") {
        toast.error(messages.insufficientCoins, { description: error.fields?.detail });
      } else {
        toast.error(errorMessage(error, "Failed to customize bot"));
      }
    }
  };

  const finish = () => {
    toast.success(`Customized ${count} of ${total} bots`);
    navigate("/dashboard");
  };

  return (
    <div className="space-y-6">
      {header}
      <Panel>
        <div className="flex flex-wrap items-center gap-4">
          <div className="min-w-48 flex-1">
            <p
              className="mb-1.5 font-display text-sm font-bold tracking-widest text-ink"
              data-testid="customize-progress"
            >
              {count} / {total} customized
            </p>
            <ProgressBar value={count} max={total} label="Bots customized" tone="lime" />
          </div>
          <Button onClick={finish}>Finish Customization</Button>
        </div>
      </Panel>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {chosen.map((bot) => {
          const isDone = done.has(bot.id);
          return (
            <li key={bot.id}>
              <Panel className="h-full" data-testid="customize-card">
                <div className="flex h-full flex-col gap-3">
                  <div className="flex items-center justify-between gap-2">
                    <RarityBadge rarity={bot.rarity} />
                    {isDone ? (
                      <span className="inline-flex items-center gap-1 text-sm font-bold text-lime">
                        <CheckCircle2 className="size-4" aria-hidden="true" />
                        Customized
                      </span>
                    ) : (
                      skipped.has(bot.id) && <span className="text-sm text-muted">Skipped</span>
                    )}
                  </div>
                  <BotImage bot={bot} className="w-full" />
                  <div>
                    <h2 className="break-words font-display text-lg font-bold text-ink">{bot.name}</h2>
                    <p className="text-sm text-muted">{bot.model}</p>
                  </div>
                  <Button
                    className="mt-auto w-full"
                    variant={isDone ? "secondary" : "primary"}
                    onClick={() => setEditing(bot.id)}
                    aria-label={`${isDone ? "Edit Again" : "Customize"} ${bot.name}`}
                  >
                    {isDone ? "Edit Again" : "Customize"}
                  </Button>
                </div>
              </Panel>
            </li>
          );
        })}
      </ul>
      {current && (
        <CustomizeDialog
          key={current.id}
          bot={current}
          coins={coins}
          busy={customize.isPending}
          onConfirm={(choice) => void confirm(current, choice)}
          onSkip={() => {
            setSkipped((old) => new Set(old).add(current.id));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
