// Live hints for the /tournament page and the admin list: `tournament:<id>` on any change to a tournament, its
// entries or its matches; `tournaments` when one is created or changes status, so a page showing "No Active
// Tournament" (or the previous one) notices the next. Sent inside the transaction: delivered on commit only.
import type { Db } from "../../platform/db/database";
import { publish } from "../../platform/live/publish";

export type TournamentChange =
  | "created"
  | "joined"
  | "ready"
  | "started"
  | "round"
  | "completed"
  | "cancelled"
  | "archived";

const statusChanges: ReadonlySet<TournamentChange> = new Set([
  "created",
  "started",
  "completed",
  "cancelled",
  "archived",
]);

export const tournamentChannel = (id: string) => `tournament:${id}`;
export const TOURNAMENTS_CHANNEL = "tournaments";

export async function publishTournamentChange(db: Db, id: string, change: TournamentChange): Promise<void> {
  await publish(db, { channel: tournamentChannel(id), kind: "tournament", data: { id, change } });
  if (statusChanges.has(change)) {
    await publish(db, { channel: TOURNAMENTS_CHANNEL, kind: "tournaments", data: { id, change } });
  }
}
