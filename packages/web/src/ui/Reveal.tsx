// Fades and lifts its content in the first time it scrolls into view (instantly under reduced motion).
import { type ElementType, type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "./cn";

type RevealProps = { as?: ElementType; delayMs?: number; className?: string; children: ReactNode };

export function Reveal({ as: Tag = "div", delayMs = 0, className, children }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: "0px 0px -40px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return (
    <Tag
      ref={ref}
      className={cn(seen ? "motion-safe:animate-rise" : "motion-safe:opacity-0", className)}
      style={seen && delayMs ? { animationDelay: `${delayMs}ms` } : undefined}
    >
      {children}
    </Tag>
  );
}
