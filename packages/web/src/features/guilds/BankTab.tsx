// The Bank tab: the donate form for members (whole coins, at most 1000 at a time, final), the last 10
// contributions, and below them the bank's whole history from its ledger: every donation and war prize (and the
// stakes wars took before the arena paid the prizes).
import type { GuildBankEntry, GuildDetail } from "@bot-arena/contract";
import { GUILD_DONATION_MAX, messages } from "@bot-arena/game";
import { ArrowDownLeft, ArrowUpRight, Gift, HandCoins, Sparkles, Swords, Trophy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { formatWhen } from "../../ui/dates";
import { Input } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { coinsFromInput, formatCoins, formatDelta } from "../bank/coins";
import { timeAgo } from "../battles/timeAgo";
import { useContribute } from "./api";

function DonateForm({ guildId }: { guildId: string }) {
  const contribute = useContribute(guildId);
  const [text, setText] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = coinsFromInput(text);
    if (amount === null) {
      toast.error(messages.enterValidContribution);
      return;
    }
    try {
      toast.success((await contribute.mutateAsync(amount)).message);
      setText("");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to contribute"));
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <div className="flex-1 space-y-1.5">
        <label
          htmlFor="guild-donation"
          className="block text-sm font-semibold uppercase tracking-[0.14em] text-muted"
        >
          Donate to the guild bank
        </label>
        <Input
          id="guild-donation"
          type="number"
          inputMode="numeric"
          min={1}
          max={GUILD_DONATION_MAX}
          step={1}
          placeholder={`Amount (max ${formatCoins(GUILD_DONATION_MAX)})`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="text-sm text-muted">
          Donations are final. Max {formatCoins(GUILD_DONATION_MAX)} coins at a time.
        </p>
      </div>
      <Button
        type="submit"
        busy={contribute.isPending}
        icon={<HandCoins className="size-4" aria-hidden="true" />}
      >
        Contribute
      </Button>
    </form>
  );
}

const entryLook: Record<GuildBankEntry["kind"], { label: string; icon: typeof Gift }> = {
  donation: { label: "Donation", icon: Gift },
  // Only wars opened before the arena paid the prizes took one.
  war_stake: { label: "War stake (old rule)", icon: Swords },
  war_prize: { label: "War prize", icon: Trophy },
  disband: { label: "Guild disbanded", icon: ArrowUpRight },
  perk: { label: "Guild perk bought", icon: Sparkles },
  other: { label: "Adjustment", icon: ArrowDownLeft },
};

/** What moved the coins, then who or which war: 'Donation · by ada', 'War prize · Guild War #3'. */
export function bankEntryText(entry: GuildBankEntry): { label: string; detail: string } {
  const { label } = entryLook[entry.kind];
  if (entry.kind === "donation") return { label, detail: `by ${entry.username ?? "a former player"}` };
  if (entry.warName) return { label, detail: entry.warName };
  if (entry.kind === "disband") return { label, detail: "to the house" };
  return { label, detail: "" };
}

export function BankTab({ detail }: { detail: GuildDetail }) {
  const now = Date.now();
  const isMember = detail.myRole !== null && detail.guild.disbandedAt === null;
  return (
    <div className="space-y-4">
      {isMember && (
        <Panel tone="cyan">
          <DonateForm guildId={detail.guild.id} />
        </Panel>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel tone="neutral">
          <h3 className="mb-3 font-display text-sm font-bold uppercase tracking-widest text-ink">
            Recent contributions
          </h3>
          {detail.recentContributions.length === 0 ? (
            <p className="text-muted">No contributions yet.</p>
          ) : (
            <ul className="space-y-2" aria-label="Recent contributions">
              {detail.recentContributions.map((c) => (
                <li
                  key={c.id}
                  className="flex items-center justify-between gap-2 text-sm"
                  data-testid="contribution"
                >
                  <span className="break-words text-ink">{c.username ?? "A former player"}</span>
                  <span className="flex items-center gap-3">
                    <span className="font-display font-bold tabular-nums text-amber">
                      +{formatCoins(c.amount)}
                    </span>
                    <span className="w-24 text-right text-xs text-muted">{timeAgo(c.createdAt, now)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel tone="neutral">
          <h3 className="mb-3 font-display text-sm font-bold uppercase tracking-widest text-ink">
            Bank history
          </h3>
          {detail.bankHistory.length === 0 ? (
            <p className="text-muted">Nothing has moved through the bank yet.</p>
          ) : (
            <ul className="max-h-96 space-y-2 overflow-y-auto pr-1" aria-label="Bank history">
              {detail.bankHistory.map((entry) => {
                const Icon = entryLook[entry.kind].icon;
                const { label, detail } = bankEntryText(entry);
                return (
                  <li key={entry.id} className="flex items-center gap-3 text-sm" data-testid="bank-entry">
                    <Icon className="size-4 shrink-0 text-cyan/80" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <p className="break-words text-ink" data-testid="bank-entry-label">
                        {label}
                        {detail && <span className="text-muted"> · {detail}</span>}
                      </p>
                      <p className="text-xs text-muted" title={formatWhen(entry.createdAt)}>
                        {timeAgo(entry.createdAt, now)} · balance {formatCoins(entry.balanceAfter)}
                      </p>
                    </div>
                    <span
                      className={
                        entry.delta > 0
                          ? "font-display font-bold tabular-nums text-lime"
                          : "font-display font-bold tabular-nums text-danger"
                      }
                    >
                      {formatDelta(entry.delta)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
