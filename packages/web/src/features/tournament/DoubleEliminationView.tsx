// Double elimination: the winners' bracket (rounds left to right, joined by lines), the losers' bracket below it
// (a first defeat drops a player there, a second ends the run), then the grand final and, when the losers' side
// won the first final, the bracket reset. Rounds appear as they are paired; an empty side says what it is for.
import type { TournamentMatch, TournamentParticipant } from "@bot-arena/contract";
import { Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { BracketColumns } from "./BracketColumns";
import { type BracketColumn, knockoutColumns, losersColumns } from "./bracketLayout";
import { PanelTitle } from "./PanelTitle";

function Side({
  heading,
  tone,
  columns,
  byId,
  waiting,
}: {
  heading: string;
  tone: string;
  columns: readonly BracketColumn[];
  byId: ReadonlyMap<string, TournamentParticipant>;
  /** What the side is for, while none of its matches is paired. */
  waiting: ReactNode;
}) {
  return (
    <section className="border-b border-cyan/10 last:border-b-0" aria-label={heading}>
      <h4 className={cn("px-5 pt-4 font-display text-sm font-black uppercase tracking-[0.25em]", tone)}>
        {heading}
      </h4>
      {columns.length === 0 ? (
        <p className="px-5 pt-2 pb-5 text-sm text-muted">{waiting}</p>
      ) : (
        <BracketColumns columns={columns} byId={byId} label={heading} titleLevel="h5" />
      )}
    </section>
  );
}

export function DoubleEliminationView({
  matches,
  participants,
}: {
  matches: readonly TournamentMatch[];
  participants: readonly TournamentParticipant[];
}) {
  const byId = new Map(participants.map((p) => [p.id, p]));
  const onSide = (side: TournamentMatch["side"]) => matches.filter((m) => m.side === side);
  const winners = knockoutColumns(onSide("winners"), (round) => round[0]!.title);
  const losers = losersColumns(onSide("losers"), winners[0]?.slots ?? []);
  const finals: BracketColumn[] = [
    ...onSide("grand_final").map((m) => ({ key: m.id, title: null, slots: [m] })),
    ...onSide("bracket_reset").map((m) => ({ key: m.id, title: m.title, slots: [m] })),
  ];
  return (
    <Panel padded={false}>
      <PanelTitle
        icon={<Trophy className="size-5 text-amber" aria-hidden="true" />}
        title="THE PLAYOFFS"
        subtitle="DOUBLE ELIMINATION"
      />
      <Side
        heading="WINNERS BRACKET"
        tone="text-cyan"
        columns={winners}
        byId={byId}
        waiting="The first round is drawn when the tournament starts."
      />
      <Side
        heading="LOSERS BRACKET"
        tone="text-magenta"
        columns={losers}
        byId={byId}
        waiting="A first defeat drops a player here; a second ends the run."
      />
      <Side
        heading="GRAND FINAL"
        tone="text-amber"
        columns={finals}
        byId={byId}
        waiting="The winners' champion meets the losers' champion. If the losers' side wins, a bracket reset decides the crown."
      />
    </Panel>
  );
}
