// The bots part of /inventory (the spec's 'manage bots' link): pick bots, then 'Customize' the ones never
// customized (free) or 'Re-customize' the others (paid). Both open /customize-bots with the picked ids.
import type { Bot } from "@bot-arena/contract";
import { CheckSquare, Palette, Square } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { useBots } from "../bots/useBots";
import { customizeLink } from "./paths";

export function ManageBotsSection() {
  const roster = useBots();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const bots = (roster.data ?? []).filter((bot) => bot.setupStage !== "name");
  const { hash } = useLocation();
  const shown = bots.length > 0;
  useEffect(() => {
    // Arriving by a 'Manage bots' link from another page: a router navigation does not scroll to the anchor.
    if (shown && hash === "#manage-bots") document.getElementById("manage-bots")?.scrollIntoView();
  }, [shown, hash]);
  if (!shown) return null;

  const chosen = bots.filter((bot) => picked.has(bot.id));
  const fresh = chosen.filter((bot) => !bot.isCustomized && !bot.isListed);
  const again = chosen.filter((bot) => bot.isCustomized && !bot.isListed);
  const toggle = (bot: Bot) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(bot.id)) next.delete(bot.id);
      else next.add(bot.id);
      return next;
    });
  const go = (list: Bot[], isReCustomization: boolean) => {
    const link = customizeLink({ botIds: list.map((b) => b.id), isReCustomization });
    navigate(link.to, { state: link.state });
  };

  return (
    <Panel>
      <section id="manage-bots" aria-labelledby="manage-bots-title" className="scroll-mt-24 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2
              id="manage-bots-title"
              className="font-display text-lg font-bold uppercase tracking-widest text-ink"
            >
              Your Bots
            </h2>
            <p className="text-sm text-muted">Pick bots to give them new names and colors.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              icon={<Palette className="size-4" aria-hidden="true" />}
              disabled={fresh.length === 0}
              onClick={() => go(fresh, false)}
            >
              Customize{fresh.length > 0 ? ` (${fresh.length})` : ""}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={again.length === 0}
              onClick={() => go(again, true)}
            >
              Re-customize{again.length > 0 ? ` (${again.length})` : ""}
            </Button>
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
          {bots.map((bot) => {
            const on = picked.has(bot.id);
            return (
              // The tile is drawn under a transparent button (clicks pass through the drawing), so the
              // button's name is just 'Select <bot>' and no visible text is left out of it.
              <li key={bot.id} className="relative">
                <button
                  type="button"
                  aria-pressed={on}
                  disabled={bot.isListed}
                  onClick={() => toggle(bot)}
                  className="peer absolute inset-0 z-10 cursor-pointer rounded-md disabled:cursor-not-allowed"
                >
                  <span className="sr-only">Select {bot.name}</span>
                </button>
                <div
                  className={cn(
                    "pointer-events-none flex w-full flex-col gap-1.5 rounded-md border p-2 transition peer-disabled:opacity-50",
                    on
                      ? "border-cyan bg-cyan/10 shadow-neon-cyan"
                      : "border-cyan/20 peer-hover:border-cyan/60",
                  )}
                >
                  <div className="flex items-center justify-between">
                    <RarityBadge rarity={bot.rarity} />
                    {on ? (
                      <CheckSquare className="size-4 text-cyan" aria-hidden="true" />
                    ) : (
                      <Square className="size-4 text-muted" aria-hidden="true" />
                    )}
                  </div>
                  <BotImage bot={bot} quiet className="w-full" />
                  <span className="break-words text-sm font-bold text-ink">{bot.name}</span>
                  <span className="flex gap-1">
                    {bot.isCustomized ? (
                      <Badge tone="success">Customized</Badge>
                    ) : (
                      <Badge tone="neutral">New</Badge>
                    )}
                    {bot.isListed && <Badge tone="magenta">Listed</Badge>}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Panel>
  );
}
