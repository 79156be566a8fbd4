// A Radix slider with one thumb; the thumb carries the accessible name because it holds role="slider".
import { Slider as RadixSlider } from "radix-ui";
import { cn } from "./cn";

type SliderProps = {
  label: string;
  value: number;
  min?: number;
  max: number;
  step?: number;
  disabled?: boolean;
  /** What a screen reader announces instead of the bare number, e.g. "1:05 of 3:20". */
  valueText?: string;
  onChange: (value: number) => void;
  /** Fires when a drag or key press ends; seek uses it to avoid fighting playback mid-drag. */
  onCommit?: (value: number) => void;
  className?: string;
};

export function Slider({
  label,
  value,
  min = 0,
  max,
  step = 1,
  disabled,
  valueText,
  onChange,
  onCommit,
  className,
}: SliderProps) {
  return (
    <RadixSlider.Root
      className={cn(
        "relative flex h-6 w-full touch-none select-none items-center data-disabled:opacity-50",
        className,
      )}
      value={[value]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={([v]) => v !== undefined && onChange(v)}
      onValueCommit={([v]) => v !== undefined && onCommit?.(v)}
    >
      <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-steel">
        <RadixSlider.Range className="absolute h-full rounded-full bg-linear-to-r from-cyan to-magenta" />
      </RadixSlider.Track>
      {/* A 24 px target for a finger (WCAG 2.5.8) around the 16 px knob drawn inside it. */}
      <RadixSlider.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className={cn(
          "relative block size-6 cursor-grab rounded-full",
          "before:absolute before:inset-1 before:rounded-full before:border-2 before:border-cyan before:bg-void before:shadow-[0_0_10px_rgb(34_229_255/0.8)]",
          "transition-transform hover:scale-110 active:cursor-grabbing data-disabled:cursor-not-allowed",
        )}
      />
    </RadixSlider.Root>
  );
}
