// A neon ring spinner; decorative unless given a label.
import { cn } from "./cn";

const sizes = { sm: "size-4 border-2", md: "size-6 border-2", lg: "size-12 border-[3px]" };

export function Spinner({
  size = "md",
  label,
  className,
}: {
  size?: keyof typeof sizes;
  /** Announced to screen readers; without it the spinner is decoration beside some other text. */
  label?: string;
  className?: string;
}) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block animate-spin rounded-full border-current/25 border-t-current motion-reduce:animate-none",
        sizes[size],
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner in the middle of the room (`className`: a height or padding) the content it waits for will take. */
export function SpinnerArea({
  className,
  tone,
  label,
}: {
  className: string;
  tone?: string;
  label?: string;
}) {
  return (
    <div className={cn("grid place-items-center", className)}>
      <Spinner className={tone} label={label} />
    </div>
  );
}
