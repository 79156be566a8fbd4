// The note over data that is older than it should be: its last refresh failed and the app asks again. Small and
// in the flow, so the page it sits on stays usable; a status, so a screen reader hears it once it appears.
import { RefreshCw } from "lucide-react";
import { cn } from "./cn";

export const REFRESH_NOTE = "Could not refresh, retrying";

export function RefreshNote({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        "mb-4 flex w-fit items-center gap-2 rounded-md border border-amber/50 bg-amber/10 px-3 py-1.5 text-sm font-semibold text-amber",
        className,
      )}
    >
      <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
      {REFRESH_NOTE}
    </p>
  );
}
