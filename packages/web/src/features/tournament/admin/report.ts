// How the Tournaments tab tells the admin what happened: into the panel's colour-coded log (which also raises
// the toast) when it is mounted inside /admin, else as a plain toast.
import { toast } from "sonner";
import { errorMessage } from "../../../app/api";
import { useOptionalOpsLog } from "../../admin/opsLog";

export const ACTION_FALLBACK = "Action completed successfully";
export const ACTION_FAILED = "Action failed";

export type Report = {
  success(message: string | undefined): void;
  warning(message: string): void;
  fail(error: unknown): void;
  refuse(message: string): void;
};

export function useReport(): Report {
  const log = useOptionalOpsLog();
  return {
    success(message) {
      const text = message || ACTION_FALLBACK;
      if (log) log.record("success", text);
      else toast.success(text);
    },
    warning(message) {
      if (log) log.record("warning", message);
      else toast.warning(message);
    },
    fail(error) {
      if (log) log.fail(error, ACTION_FAILED);
      else toast.error(errorMessage(error, ACTION_FAILED));
    },
    refuse(message) {
      if (log) log.record("error", message);
      else toast.error(message);
    },
  };
}
