// /bank: wallet and vault balances, deposits (at most 500 a UTC day), withdrawals, cash-outs to a ZBD gamertag
// (with the house rules and where the player stands before they ask), and the history of every coin in and out.
import type { BankSummary } from "@bot-arena/contract";
import { ArrowDownToLine, ArrowUpFromLine, Landmark, Lock, Wallet } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView, useLoadFailureToast } from "../../app/QueryView";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { ProgressBar } from "../../ui/ProgressBar";
import { AmountCard } from "./AmountCard";
import { CashoutCard } from "./CashoutCard";
import { CashoutDialog } from "./CashoutDialog";
import { CashoutHistory } from "./CashoutHistory";
import { CashoutRules } from "./CashoutRules";
import { formatCoins } from "./coins";
import { LedgerHistory } from "./LedgerHistory";
import { useBank, useCashout, useDeposit, useWithdraw } from "./useBank";

function BalanceTile({
  label,
  coins,
  icon,
  accent,
}: {
  label: string;
  coins: number;
  icon: ReactNode;
  accent: string;
}) {
  return (
    <Panel tone={accent === "amber" ? "cyan" : "magenta"}>
      <div className="flex items-center gap-4">
        <span
          className={
            accent === "amber"
              ? "grid size-14 place-items-center rounded-xl border border-amber/50 bg-amber/10 text-amber shadow-[0_0_24px_rgb(255_176_32/0.3)]"
              : "grid size-14 place-items-center rounded-xl border border-magenta/50 bg-magenta/10 text-magenta shadow-neon-magenta"
          }
        >
          {icon}
        </span>
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-muted">{label}</p>
          <p
            className="font-display text-3xl font-black tabular-nums text-ink"
            data-testid={`${label.toLowerCase()}-balance`}
          >
            {formatCoins(coins)}
          </p>
        </div>
      </div>
    </Panel>
  );
}

export default function BankPage() {
  const bank = useBank();
  useLoadFailureToast(bank, "Failed to load data");
  return (
    <ScreenQueryView query={bank} loading="Opening the vault" title="Failed to load data">
      {(summary) => <Vault bank={summary} />}
    </ScreenQueryView>
  );
}

function Vault({ bank }: { bank: BankSummary }) {
  const deposit = useDeposit();
  const withdraw = useWithdraw();
  const requestCashout = useCashout();
  const [cashoutOpen, setCashoutOpen] = useState(false);
  const { coins, vaultCoins, depositsToday, dailyDepositLimit, depositAllowance, cashouts, cashout } = bank;

  const run = async (send: Promise<{ message: string }>, fallback: string) => {
    try {
      toast.success((await send).message);
    } catch (error) {
      toast.error(errorMessage(error, fallback));
      throw error;
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Bank Vault"
        subtitle="Coins in the vault are safe from PvP raids and can be cashed out."
        icon={<Landmark className="size-6" />}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <BalanceTile
          label="Wallet"
          coins={coins}
          icon={<Wallet className="size-7" aria-hidden="true" />}
          accent="amber"
        />
        <BalanceTile
          label="Vault"
          coins={vaultCoins}
          icon={<Lock className="size-7" aria-hidden="true" />}
          accent="magenta"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <AmountCard
          title="Deposit"
          icon={<ArrowDownToLine className="size-5" aria-hidden="true" />}
          tone="cyan"
          hint={`${formatCoins(depositAllowance)} of today's ${formatCoins(dailyDepositLimit)} left (UTC day)`}
          max={Math.min(depositAllowance, coins)}
          action="Deposit"
          busy={deposit.isPending}
          onSubmit={(amount) => run(deposit.mutateAsync(amount), "Deposit failed")}
        >
          <div className="space-y-1">
            <div className="flex justify-between text-xs font-semibold uppercase tracking-widest text-muted">
              <span>Deposited today</span>
              <span className="tabular-nums text-ink">
                {formatCoins(depositsToday)} / {formatCoins(dailyDepositLimit)}
              </span>
            </div>
            <ProgressBar value={depositsToday} max={dailyDepositLimit} label="Deposited today" tone="cyan" />
          </div>
        </AmountCard>
        <AmountCard
          title="Withdraw"
          icon={<ArrowUpFromLine className="size-5" aria-hidden="true" />}
          tone="magenta"
          hint="Back to your wallet, no daily limit"
          max={vaultCoins}
          action="Withdraw"
          busy={withdraw.isPending}
          onSubmit={(amount) => run(withdraw.mutateAsync(amount), "Withdraw failed")}
        />
        <CashoutCard standing={cashout} onOpen={() => setCashoutOpen(true)} />
      </div>

      {/* minmax(0, 1fr) on a phone: a long line in the history truncates instead of widening the page. The
          cash-outs come first, under the Cash Out card on a phone; beside the long coin history on a wide screen. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4 lg:order-last">
          <CashoutHistory requests={cashouts} />
          <CashoutRules standing={cashout} />
        </div>
        <LedgerHistory />
      </div>

      <CashoutDialog
        open={cashoutOpen}
        onOpenChange={setCashoutOpen}
        vaultCoins={vaultCoins}
        standing={cashout}
        busy={requestCashout.isPending}
        onSubmit={(body) => requestCashout.mutateAsync(body)}
      />
    </div>
  );
}
