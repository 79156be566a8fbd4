// A lighter tile for grids of items (bots, gear, listings); Panel is for page sections.
import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

type CardProps = HTMLAttributes<HTMLDivElement> & { interactive?: boolean };

export function Card({ interactive = false, className, children, ...rest }: CardProps) {
  return (
    <div
      className={cn(
        "rounded-lg border border-cyan/15 bg-deep/60 p-4 backdrop-blur-sm",
        interactive && "transition hover:-translate-y-0.5 hover:border-cyan/50 hover:shadow-neon-cyan",
        className,
      )}
      {...rest}
    >
      {children}
    </div>
  );
}

export function CardTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <h3 className={cn("font-display text-sm font-bold uppercase text-ink", className)}>{children}</h3>;
}
