// Whole-area states: waiting for data or a route chunk, and a failure with a retry.
import { TriangleAlert } from "lucide-react";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";

export function ScreenLoader({ label = "Loading" }: { label?: string }) {
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <div className="flex flex-col items-center gap-4">
        <Spinner size="lg" className="text-cyan" />
        <p className="font-display text-xs font-bold uppercase tracking-[0.3em] text-cyan/80" role="status">
          {label}…
        </p>
      </div>
    </div>
  );
}

export function ScreenMessage({
  title,
  detail = "The arena servers did not answer. Check your connection and try again.",
  onRetry,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="grid min-h-[50vh] place-items-center px-4" role="alert">
      <div className="max-w-md text-center">
        <TriangleAlert
          className="mx-auto size-12 text-danger drop-shadow-[0_0_12px_rgb(255_59_92/0.7)]"
          aria-hidden="true"
        />
        <h1 className="mt-4 font-display text-xl font-bold uppercase tracking-widest text-ink">{title}</h1>
        <p className="mt-2 text-muted">{detail}</p>
        {onRetry && (
          <Button className="mt-6" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    </div>
  );
}
