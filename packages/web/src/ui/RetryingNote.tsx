import { TriangleAlert } from "lucide-react";
import { cn } from "./cn";

/**
 * An event whose last steps the arena's runner failed and is retrying (a tournament, a guild war): the amber
 * headline, and the runner's last error below it when the viewer may read it (admins).
 */
export function RetryingNote({
  headline,
  error,
  testId,
  errorTestId,
  className,
}: {
  headline: string;
  error: string | null;
  testId: string;
  errorTestId: string;
  className?: string;
}) {
  return (
    <div
      className={cn("rounded-md border border-amber/50 bg-amber/10 px-3 py-2", className)}
      data-testid={testId}
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-amber">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {headline}
      </p>
      {error !== null && error !== "" && (
        <p className="mt-1 wrap-anywhere font-mono text-xs text-danger" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
