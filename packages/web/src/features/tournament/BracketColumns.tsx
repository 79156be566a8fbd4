// Bracket columns left to right, each match joined by a line to the match it feeds: two places meet in a
// bracket shape ("pair"), one runs straight on. A line lights up once the match behind it is decided. The
// columns keep their width; the box scrolls sideways when they do not fit (a phone), never the page.
import type { TournamentMatch, TournamentParticipant } from "@bot-arena/contract";
import type { ReactNode } from "react";
import { cn } from "../../ui/cn";
import { type BracketColumn, type Join, joinOf, sourcesOf, targetOf } from "./bracketLayout";
import { MatchCard } from "./MatchCard";

type Outgoing = "straight" | "upper" | "lower" | null;

/** The line leaving place `slot`: straight on, or the upper or lower arm of a pair's bracket. */
const outgoingOf = (join: Join, slot: number): Outgoing =>
  join === "straight" ? "straight" : join === "pair" ? (slot % 2 === 0 ? "upper" : "lower") : null;

/** Half the gap between columns (gap-12): each side of a line's bend gets one half. */
const half = "w-6";
const line = (lit: boolean) => (lit ? "border-cyan/70" : "border-cyan/20");

function Slot({
  match,
  byId,
  incoming,
  incomingLit,
  outgoing,
}: {
  match: TournamentMatch | null;
  byId: ReadonlyMap<string, TournamentParticipant>;
  incoming: boolean;
  incomingLit: boolean;
  outgoing: Outgoing;
}) {
  const lit = match?.status === "completed";
  return (
    <div className="relative flex flex-1 items-center py-2">
      {match ? (
        <>
          {incoming && (
            <span
              className={cn("absolute top-1/2 right-full border-t-2", half, line(incomingLit))}
              aria-hidden="true"
              data-testid="line-in"
            />
          )}
          <MatchCard match={match} byId={byId} />
          {outgoing === "straight" && (
            <span
              className={cn("absolute top-1/2 left-full border-t-2", half, line(lit))}
              aria-hidden="true"
              data-testid="line-out"
            />
          )}
          {/* The upper place's line runs from its middle down to the pair's middle, the lower's up to it. */}
          {outgoing === "upper" && (
            <span
              className={cn(
                "absolute top-1/2 left-full h-1/2 rounded-tr-md border-t-2 border-r-2",
                half,
                line(lit),
              )}
              aria-hidden="true"
              data-testid="line-out"
            />
          )}
          {outgoing === "lower" && (
            <span
              className={cn(
                "absolute bottom-1/2 left-full h-1/2 rounded-br-md border-r-2 border-b-2",
                half,
                line(lit),
              )}
              aria-hidden="true"
              data-testid="line-out"
            />
          )}
        </>
      ) : (
        <div className="h-32 w-56" />
      )}
    </div>
  );
}

export function BracketColumns({
  columns,
  byId,
  label,
  titleLevel = "h4",
  after,
}: {
  columns: readonly BracketColumn[];
  byId: ReadonlyMap<string, TournamentParticipant>;
  /** Names the list of rounds for a screen reader ("Winners bracket"). */
  label: string;
  titleLevel?: "h4" | "h5";
  /** Columns of its own kind after the bracket (the bronze match). */
  after?: ReactNode;
}) {
  const Title = titleLevel;
  return (
    <div className="overflow-x-auto p-5">
      <ol
        // A box that scrolls sideways must be reachable from the keyboard (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the bracket scrolls inside its box on a phone.
        tabIndex={0}
        aria-label={label}
        className="flex min-w-max gap-12 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-cyan"
      >
        {columns.map((column, c) => {
          const previous = columns[c - 1];
          const next = columns[c + 1];
          const into = previous ? joinOf(previous.slots.length, column.slots.length) : null;
          const out = next ? joinOf(column.slots.length, next.slots.length) : null;
          return (
            <li key={column.key} className="flex">
              <section className="flex flex-col" aria-label={column.title ?? undefined}>
                {column.title === null ? (
                  <div className="mb-3 h-4" aria-hidden="true" />
                ) : (
                  <Title className="mb-3 h-4 whitespace-nowrap text-center font-display text-xs font-bold uppercase tracking-[0.25em] text-cyan">
                    {column.title}
                  </Title>
                )}
                <div className="flex flex-1 flex-col">
                  {column.slots.map((match, i) => {
                    const sources = previous ? sourcesOf(into, i).map((s) => previous.slots[s] ?? null) : [];
                    const fed = sources.filter((m) => m !== null);
                    const target = next && out ? (next.slots[targetOf(out, i)] ?? null) : null;
                    return (
                      <Slot
                        key={match?.id ?? `empty-${i}`}
                        match={match}
                        byId={byId}
                        incoming={fed.length > 0}
                        incomingLit={fed.some((m) => m.status === "completed")}
                        outgoing={target === null ? null : outgoingOf(out, i)}
                      />
                    );
                  })}
                </div>
              </section>
            </li>
          );
        })}
        {after && <li className="flex">{after}</li>}
      </ol>
    </div>
  );
}
