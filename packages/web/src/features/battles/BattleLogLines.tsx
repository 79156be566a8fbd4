// The battle as text, one line per action with its effect's icon and colour, the attacker's lines on the
// left edge in cyan and the defender's in magenta. The COMBAT ZONE scrolls it as the battle plays; pages
// show it whole afterwards.
import { useEffect, useRef } from "react";
import { cn } from "../../ui/cn";
import { effectLook } from "./effectLook";
import type { LogLine } from "./playback";

type BattleLogLinesProps = {
  lines: LogLine[];
  /** The closing line (who won), shown last and highlighted. */
  outcome?: string | null;
  /** Keeps the newest line in view as lines arrive. */
  follow?: boolean;
  className?: string;
};

export function BattleLogLines({ lines, outcome = null, follow = false, className }: BattleLogLinesProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever a line is added.
  useEffect(() => {
    const list = listRef.current;
    if (follow && list) list.scrollTop = list.scrollHeight;
  }, [follow, lines.length, outcome]);

  return (
    <ol
      ref={listRef}
      // A scrolling region must be reachable from the keyboard to be scrolled without a mouse.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls (axe scrollable-region-focusable).
      tabIndex={0}
      aria-label="Battle log lines"
      className={cn(
        "space-y-1 overflow-y-auto overscroll-contain pr-1 focus-visible:outline-1 focus-visible:outline-cyan/60",
        className,
      )}
    >
      {lines.map((line) => {
        const look = effectLook[line.effectType];
        return (
          <li
            key={line.id}
            className={cn(
              "flex items-start gap-2 border-l-2 py-0.5 pl-2 text-[0.95rem] leading-snug",
              line.side === "attacker" ? "border-cyan/60" : "border-magenta/60",
            )}
          >
            <look.Icon
              className="mt-0.5 size-4 shrink-0"
              style={{ color: look.color }}
              aria-label={look.label}
            />
            <span className={line.effectType === "ultimate" ? "font-bold text-ink" : "text-ink/85"}>
              {line.text}
            </span>
          </li>
        );
      })}
      {outcome && (
        <li className="mt-2 border-t border-cyan/20 pt-2 font-display text-sm font-bold uppercase tracking-wider text-lime">
          {outcome}
        </li>
      )}
    </ol>
  );
}
