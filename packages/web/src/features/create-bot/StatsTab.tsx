// Stats: 40 points, each stat 5 to 15; Next waits until every point is placed.
import { CREATION_STAT_MAX, messages } from "@bot-arena/game";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { StatAllocator } from "../bots/StatAllocator";
import { FirstFightOdds } from "./FirstFightOdds";
import type { CreateFormState } from "./form";
import { statsExplainer } from "./statsExplainer";

export function StatsTab(props: { state: CreateFormState; onBack: () => void; onNext: () => void }) {
  const { state } = props;
  const done = state.remaining === 0;
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-4 rounded-lg border border-cyan/20 bg-void/60 px-4 py-3">
        <p className="text-muted" data-testid="stats-explainer">
          {statsExplainer}
        </p>
        <p className="text-right">
          <span
            data-testid="points-remaining"
            className={cn(
              "block font-display text-3xl font-black tabular-nums",
              done ? "text-lime" : "text-amber",
            )}
          >
            {state.remaining}
          </span>
          <span className="text-xs font-semibold uppercase tracking-widest text-muted">points left</span>
        </p>
      </div>
      <StatAllocator
        values={state.form.stats}
        max={CREATION_STAT_MAX}
        canRaise={state.canRaise}
        canLower={state.canLower}
        onStep={state.step}
      />
      <FirstFightOdds stats={state.form.stats} />
      {!done && (
        <p role="status" className="text-sm font-semibold text-amber">
          {messages.allocateAllCreationPoints}
        </p>
      )}
      <div className="flex justify-between gap-3">
        <Button
          variant="ghost"
          onClick={props.onBack}
          icon={<ChevronLeft className="size-4" aria-hidden="true" />}
        >
          Back
        </Button>
        <Button
          disabled={!done}
          onClick={props.onNext}
          icon={<ChevronRight className="size-4" aria-hidden="true" />}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
