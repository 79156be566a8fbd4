// The panel's own log: this admin's operations in this visit, newest first, each timestamped and coloured by
// how it ended (success, warning, error), together with the toast it raised. Refusals caught in the form (an
// empty e-mail, no file) are listed too, since they never reach the server's operations log.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../app/api";

export type LogResult = "success" | "warning" | "error";
export type LogEntry = { id: number; at: Date; result: LogResult; message: string; detail?: string };

type OpsLog = {
  entries: LogEntry[];
  /** Records the outcome and shows it as a toast. */
  record(result: LogResult, message: string, detail?: string): void;
  /** Records a failure: the server's message when it sent one (with its reason), else the fallback. */
  fail(error: unknown, fallback: string): void;
};

const OpsLogContext = createContext<OpsLog | null>(null);
const KEEP = 100;
let nextId = 1;

export function OpsLogProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const record = useCallback((result: LogResult, message: string, detail?: string) => {
    setEntries((list) => [{ id: nextId++, at: new Date(), result, message, detail }, ...list].slice(0, KEEP));
    const options = detail ? { description: detail } : undefined;
    if (result === "success") toast.success(message, options);
    else if (result === "warning") toast.warning(message, options);
    else toast.error(message, options);
  }, []);
  const fail = useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError && error.fromServer) {
        const reason = error.fields?.file;
        record("error", error.message, reason && reason !== error.message ? reason : undefined);
      } else {
        record("error", fallback);
      }
    },
    [record],
  );
  const value = useMemo(() => ({ entries, record, fail }), [entries, record, fail]);
  return <OpsLogContext.Provider value={value}>{children}</OpsLogContext.Provider>;
}

export function useOpsLog(): OpsLog {
  const log = useContext(OpsLogContext);
  if (!log) throw new Error("useOpsLog outside OpsLogProvider");
  return log;
}

/** The panel's log when mounted inside it, else null (the Tournaments tab also works on its own). */
export function useOptionalOpsLog(): OpsLog | null {
  return useContext(OpsLogContext);
}
