// The tournaments' two deadlines, registered with the platform's reconciler: `next_due_at` (registration end,
// then each round's end) moves a tournament along its lifecycle; `repeat_due_at` opens the next tournament of a
// repeating series. Both run in the claiming transaction, on the row the reconciler holds.
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { tournaments } from "../../platform/db/schema";
import type { DueHandler } from "../../platform/reconciler";
import { advanceDue } from "./lifecycle";
import { publishTournamentChange } from "./live";
import { newTournamentRow } from "./new-tournament";

async function rowOf(tx: Tx, id: string) {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  return row;
}

export const tournamentLifecycleHandler: DueHandler = {
  name: "tournament-lifecycle",
  table: "tournaments",
  dueColumn: "next_due_at",
  async advance(tx, id, now) {
    const t = await rowOf(tx, id);
    if (t) await advanceDue(tx, t, now);
  },
};

/** Opens a copy of a repeating tournament (same settings, a fresh registration) and hands the series to it. */
export const tournamentRepeatHandler: DueHandler = {
  name: "tournament-repeat",
  table: "tournaments",
  dueColumn: "repeat_due_at",
  async advance(tx, id, now) {
    const t = await rowOf(tx, id);
    if (!t) return;
    await tx.update(tournaments).set({ repeatDueAt: null }).where(eq(tournaments.id, id));
    if (t.repeatEveryHours === null) return;
    const [next] = await tx
      .insert(tournaments)
      .values(
        newTournamentRow(
          {
            name: t.name,
            format: t.format,
            swissRounds: t.swissRounds,
            entryFeeMode: t.entryFeeMode,
            rewards: { first: t.firstPlaceReward, second: t.secondPlaceReward, third: t.thirdPlaceReward },
            minPlayers: t.minPlayers,
            maxPlayers: t.maxPlayers,
            spectatorEnabled: t.spectatorEnabled,
            registrationMinutes: t.registrationMinutes,
            roundSeconds: t.roundSeconds,
            repeatEveryHours: t.repeatEveryHours,
          },
          now,
        ),
      )
      .returning({ id: tournaments.id });
    await publishTournamentChange(tx, next!.id, "created");
  },
};

export function registerTournamentDeadlines(reconciler: { register(handler: DueHandler): void }): void {
  reconciler.register(tournamentLifecycleHandler);
  reconciler.register(tournamentRepeatHandler);
}
