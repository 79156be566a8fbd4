// Three bouncing bars that say "music is playing" at a glance.
import { cn } from "../../ui/cn";

const delays = ["[animation-delay:-0.2s]", "[animation-delay:-0.5s]", "[animation-delay:-0.8s]"];

export function Equalizer({ active, className }: { active: boolean; className?: string }) {
  return (
    <span aria-hidden="true" className={cn("flex h-4 items-end gap-[3px]", className)}>
      {delays.map((delay) => (
        <span
          key={delay}
          className={cn(
            "h-full w-[3px] origin-bottom rounded-full bg-current",
            active ? cn("animate-equalizer motion-reduce:animate-none", delay) : "scale-y-30",
          )}
        />
      ))}
    </span>
  );
}
