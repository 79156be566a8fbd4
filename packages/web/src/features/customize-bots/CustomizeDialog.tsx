// The customization dialog: name (30 characters, counted; empty keeps the old name), the eight colour schemes
// with swatches, a live preview of the redrawn bot, read-only stats, and in re-customization the cost box
// (rename 5, colours 5, the total or Free, the balance). The cost shown is the rulebook's own arithmetic; the
// server charges by the same rules.
import type { Bot } from "@bot-arena/contract";
import {
  BOT_NAME_MAX,
  CUSTOMIZATION_COLOR_SCHEMES,
  type CustomizationColorSchemeName,
  planCustomization,
  RECUSTOMIZE_COLOR_COST,
  RECUSTOMIZE_RENAME_COST,
} from "@bot-arena/game";
import { Coins } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/Dialog";
import { Input } from "../../ui/Input";
import { BotStatGrid } from "../bots/BotStatGrid";
import { customizationPreview } from "./paths";

export type CustomizeChoice = { name: string; colorScheme: CustomizationColorSchemeName | null };

function schemeOf(bot: Bot): CustomizationColorSchemeName | null {
  return (
    CUSTOMIZATION_COLOR_SCHEMES.find(
      (s) => s.primary === bot.colorPrimary && s.secondary === bot.colorSecondary,
    )?.name ?? null
  );
}

/** The preview follows typing after a short pause, so every key press does not draw a new image. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function CustomizeDialog({
  bot,
  coins,
  busy,
  onConfirm,
  onSkip,
  onClose,
}: {
  bot: Bot;
  coins: number;
  busy: boolean;
  onConfirm(choice: CustomizeChoice): void;
  onSkip(): void;
  onClose(): void;
}) {
  const paid = bot.isCustomized;
  const [name, setName] = useState("");
  const [scheme, setScheme] = useState<CustomizationColorSchemeName | null>(schemeOf(bot));
  const nameId = useId();
  const previewName = useDebounced(name.trim(), 300);
  const plan = planCustomization({ bot, newName: name, colorScheme: scheme, isReCustomization: paid, coins });
  const renamed = name.trim() !== "" && name.trim() !== bot.name;
  const current = schemeOf(bot);
  const recolored = scheme !== null && scheme !== current;
  const total = paid ? (renamed ? RECUSTOMIZE_RENAME_COST : 0) + (recolored ? RECUSTOMIZE_COLOR_COST : 0) : 0;
  const short = !plan.ok && plan.code === "NOT_ENOUGH_COINS";

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={paid ? `Re-customize ${bot.name}` : `Customize ${bot.name}`}
      className="max-h-[92dvh] w-[min(94vw,44rem)] overflow-y-auto"
    >
      <form
        className="grid gap-5 sm:grid-cols-[14rem_1fr]"
        onSubmit={(event) => {
          event.preventDefault();
          if (plan.ok) onConfirm({ name: name.trim(), colorScheme: scheme });
        }}
      >
        <div className="space-y-3">
          <div
            className="aspect-square overflow-hidden rounded-lg border border-cyan/30 bg-void/60"
            style={{
              boxShadow: `0 0 24px ${CUSTOMIZATION_COLOR_SCHEMES.find((s) => s.name === scheme)?.primary ?? bot.colorPrimary}44`,
            }}
          >
            <img
              src={customizationPreview(bot.id, previewName, scheme)}
              alt={`Preview of ${previewName || bot.name}`}
              className="size-full object-cover"
            />
          </div>
          <BotStatGrid stats={bot} compact />
        </div>

        <div className="space-y-4">
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between">
              <label
                htmlFor={nameId}
                className="text-sm font-semibold uppercase tracking-[0.14em] text-muted"
              >
                Bot name
              </label>
              <span className="text-xs tabular-nums text-muted">
                {name.length}/{BOT_NAME_MAX}
              </span>
            </div>
            <Input
              id={nameId}
              value={name}
              maxLength={BOT_NAME_MAX}
              placeholder={bot.name}
              onChange={(e) => setName(e.target.value)}
            />
            <p className="text-xs text-muted">Leave empty to keep “{bot.name}”.</p>
          </div>

          <fieldset>
            <legend className="mb-2 text-sm font-semibold uppercase tracking-[0.14em] text-muted">
              Color scheme
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {CUSTOMIZATION_COLOR_SCHEMES.map((option) => (
                <label
                  key={option.name}
                  className={cn(
                    "flex cursor-pointer flex-col items-center gap-1.5 rounded-md border px-2 py-2 text-xs font-semibold transition",
                    scheme === option.name
                      ? "border-cyan bg-cyan/10 text-ink shadow-neon-cyan"
                      : "border-cyan/20 text-muted hover:border-cyan/60",
                  )}
                >
                  <input
                    type="radio"
                    name="color-scheme"
                    className="sr-only"
                    checked={scheme === option.name}
                    onChange={() => setScheme(option.name)}
                  />
                  <span aria-hidden="true" className="flex">
                    <span className="size-5 rounded-l-full" style={{ background: option.primary }} />
                    <span className="size-5 rounded-r-full" style={{ background: option.secondary }} />
                  </span>
                  {option.name}
                </label>
              ))}
            </div>
          </fieldset>

          {paid && (
            <div
              data-testid="cost-box"
              className={cn(
                "space-y-1 rounded-md border px-3 py-2 text-sm",
                short ? "border-danger/60 bg-danger/10" : "border-amber/40 bg-amber/5",
              )}
            >
              <p className="flex justify-between">
                <span className="text-muted">Rename</span>
                <span className={cn(renamed ? "text-ink" : "text-muted/60")}>
                  {RECUSTOMIZE_RENAME_COST} coins
                </span>
              </p>
              <p className="flex justify-between">
                <span className="text-muted">Colors</span>
                <span className={cn(recolored ? "text-ink" : "text-muted/60")}>
                  {RECUSTOMIZE_COLOR_COST} coins
                </span>
              </p>
              <p className="flex justify-between border-t border-amber/20 pt-1 font-bold">
                <span>Total</span>
                <span className="text-amber">{total === 0 ? "Free" : `${total} coins`}</span>
              </p>
              <p className="flex items-center justify-between text-xs text-muted">
                <span>Balance</span>
                <span className="inline-flex items-center gap-1">
                  <Coins className="size-3" aria-hidden="true" />
                  {coins.toLocaleString("en-US")}
                </span>
              </p>
              {short && !plan.ok && (
                <p role="alert" className="pt-1 text-danger">
                  <strong>{plan.message}</strong> {plan.detail}
                </p>
              )}
            </div>
          )}
          {!plan.ok && !short && (
            <p role="alert" className="text-sm font-semibold text-danger">
              {plan.message}
            </p>
          )}

          <div className="flex flex-wrap justify-end gap-2">
            {!paid && (
              <Button type="button" variant="ghost" onClick={onSkip} disabled={busy}>
                Skip
              </Button>
            )}
            <Button type="submit" busy={busy} disabled={!plan.ok}>
              {paid ? "Save Changes" : "Confirm"}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
