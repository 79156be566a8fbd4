// A request's risk score as a badge, with the reasons behind it in words, so an operator sees why it waits.
import type { AdminCashout } from "@bot-arena/contract";
import { ShieldAlert } from "lucide-react";
import { Badge, type BadgeTone } from "../../../ui/Badge";

const toneOf = (score: number): BadgeTone =>
  score === 0 ? "success" : score < 40 ? "cyan" : score < 70 ? "legendary" : "danger";

export function RiskSummary({ risk }: { risk: AdminCashout["risk"] }) {
  return (
    <section className="space-y-1.5" aria-label="Risk" data-testid="cashout-risk">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-widest text-muted">
        <ShieldAlert className="size-4 text-cyan" aria-hidden="true" />
        Risk
        <Badge tone={toneOf(risk.score)}>{risk.score} / 100</Badge>
        {/* Scored once, when the player asked: the linked accounts beside it are as they are now. */}
        <span className="font-normal normal-case tracking-normal">when asked</span>
      </p>
      {risk.reasons.length === 0 ? (
        <p className="text-sm text-muted">Nothing unusual</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-ink marker:text-amber">
          {risk.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
