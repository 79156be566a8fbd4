// Every admin action leaves a row in the operations log. A successful action writes its own "success" (or
// "warning") row inside its transaction; `audited` adds the "error" row when the action is refused or fails,
// after its transaction rolled back, so a refused grant is on record too.
import type { Db } from "../../platform/db/database";
import { AppError } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { logAdminAction } from "../../platform/ops-log";

export type AuditTarget = {
  adminId: UserId;
  action: string;
  targetType?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
};

type Log = { error(obj: unknown, msg?: string): void };

export async function audited<T>(db: Db, target: AuditTarget, run: () => Promise<T>, log?: Log): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof AppError ? error.message : "Internal error";
    // Why an upload was refused ("Only PNG, JPEG or WebP..."), beside the message it was refused with.
    const refusal = error instanceof AppError ? error.fields?.file : undefined;
    try {
      await logAdminAction(db, {
        ...target,
        result: "error",
        detail: { ...target.detail, message, ...(refusal && refusal !== message ? { refusal } : {}) },
      });
    } catch (logError) {
      // The refusal still reaches the admin; a log outage must not replace it with another error.
      log?.error({ err: logError }, "operations log: could not record a failed admin action");
    }
    throw error;
  }
}
