// The W or L at the start of a PvP row (a defense, a battle on a profile), in the win or loss colour.
import { cn } from "../../ui/cn";

export function ResultMark({ won }: { won: boolean }) {
  return (
    <span
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-md font-display text-sm font-black",
        won ? "bg-lime/15 text-lime" : "bg-danger/15 text-danger",
      )}
      aria-hidden="true"
    >
      {won ? "W" : "L"}
    </span>
  );
}
