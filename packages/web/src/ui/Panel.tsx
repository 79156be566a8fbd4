// The chamfered, neon-rimmed surface that frames every block of content.
import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type PanelTone = "cyan" | "magenta" | "neutral";

const rims: Record<PanelTone, string> = {
  cyan: "from-cyan/70 via-cyan/15 to-magenta/45",
  magenta: "from-magenta/70 via-magenta/15 to-violet/50",
  neutral: "from-steel via-steel/60 to-steel",
};

type PanelProps = HTMLAttributes<HTMLDivElement> & { tone?: PanelTone; padded?: boolean };

export function Panel({ tone = "cyan", padded = true, className, children, ...rest }: PanelProps) {
  // Two clipped layers: the outer paints the rim, the inner the face, because clip-path cuts real borders.
  return (
    <div className={cn("drop-shadow-[0_0_14px_rgb(34_229_255/0.12)]", className)} {...rest}>
      {/* h-full down both layers: a panel told to fill its grid cell shows its rim and face at that height. */}
      <div className={cn("clip-chamfer h-full bg-linear-to-br p-px", rims[tone])}>
        <div className={cn("clip-chamfer scanlines h-full bg-abyss/95", padded && "p-5 sm:p-6")}>
          {children}
        </div>
      </div>
    </div>
  );
}
