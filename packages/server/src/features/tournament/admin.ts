// The admin's Tournaments tab: create, list, and the four actions (start, stop, End Now, archive), each offered
// exactly when seed 001 section 4 says (adminTournamentActions). Every action holds the tournament row, runs the
// lifecycle step, and writes its operations-log row in the same transaction; a refusal is logged after the
// rollback with result "error".
import type {
  AdminTournamentActionResponse,
  AdminTournamentsResponse,
  CreateTournamentBody,
} from "@bot-arena/contract";
import {
  adminTournamentActions,
  checkEventSettings,
  checkTournamentSize,
  messages,
  TOURNAMENT_MAX_PLAYERS,
  TOURNAMENT_MIN_PLAYERS,
  validateTournamentCreation,
} from "@bot-arena/game";
import { desc, eq } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Db, Tx } from "../../platform/db/database";
import { tournaments } from "../../platform/db/schema";
import { AppError, conflict } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { logAdminAction } from "../../platform/ops-log";
import type { Reconciler } from "../../platform/reconciler";
import { refuse } from "../../platform/refuse";
import { cancel, finishNow, type StepOutcome, startTournament } from "./lifecycle";
import { publishTournamentChange } from "./live";
import { newTournamentRow } from "./new-tournament";
import { findTournament, lockTournament, type TournamentRow } from "./rows";
import { adminViewsOf } from "./views";

export type TournamentAdminService = ReturnType<typeof createTournamentAdminService>;

/** The admin list shows this many tournaments, newest first. */
export const ADMIN_TOURNAMENTS_LIMIT = 200;

export type AdminAction = "start" | "stop" | "force_complete" | "archive";

/** What the admin is told after each action, by what the lifecycle did. */
function outcomeMessage(action: AdminAction, outcome: StepOutcome): string {
  if (outcome === "cancelled")
    return action === "stop" ? messages.tournamentStopped : messages.tournamentStartedTooFew;
  if (action === "start") return messages.tournamentStarted;
  if (action === "force_complete") return messages.tournamentEndedNow;
  return messages.tournamentArchived;
}

export function createTournamentAdminService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, "tournament">;
  reconciler: Pick<Reconciler, "nudge">;
}) {
  const { db, clock } = deps;

  async function view(tx: Db, id: string) {
    const [row] = await adminViewsOf(tx, [await findTournament(tx, id)]);
    return row!;
  }

  /** Runs an admin action, logging it with its result; a refusal is logged after its rollback. */
  async function audited<T>(
    adminId: UserId,
    entry: { action: string; targetId?: string; detail?: Record<string, unknown> },
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof AppError ? error.message : "Action failed";
      await logAdminAction(db, {
        adminId,
        action: entry.action,
        targetType: "tournament",
        ...(entry.targetId ? { targetId: entry.targetId } : {}),
        result: "error",
        detail: { ...entry.detail, message },
      }).catch(() => {});
      throw error;
    }
  }

  async function step(tx: Tx, t: TournamentRow, action: AdminAction): Promise<StepOutcome> {
    const now = clock.now();
    if (action === "start") return startTournament(tx, t, now);
    if (action === "stop") return cancel(tx, t, now, { endSeries: true });
    if (action === "force_complete") return finishNow(tx, t, now);
    if (t.status !== "archived") {
      await tx
        .update(tournaments)
        .set({ status: "archived", nextDueAt: null })
        .where(eq(tournaments.id, t.id));
      await publishTournamentChange(tx, t.id, "archived");
    }
    return "nothing";
  }

  const allowed = (t: TournamentRow, action: AdminAction): boolean => {
    const offered = adminTournamentActions(t.status);
    if (action === "start") return offered.start;
    if (action === "stop") return offered.stop;
    if (action === "force_complete") return offered.forceComplete;
    return offered.archive;
  };

  return {
    async list(): Promise<AdminTournamentsResponse> {
      const rows = await db
        .select()
        .from(tournaments)
        .orderBy(desc(tournaments.createdAt), desc(tournaments.id))
        .limit(ADMIN_TOURNAMENTS_LIMIT);
      const { registrationMinutes, roundSeconds } = deps.config.tournament;
      return { tournaments: await adminViewsOf(db, rows), defaults: { registrationMinutes, roundSeconds } };
    },

    create(adminId: UserId, body: CreateTournamentBody): Promise<AdminTournamentActionResponse> {
      const detail = { name: body.name, entryFeeMode: body.entryFeeMode ?? "admin" };
      return audited(adminId, { action: "tournament_create", detail }, async () => {
        const { name, entryFeeMode, rewards } = refuse(
          validateTournamentCreation({
            name: body.name,
            entryFeeMode: body.entryFeeMode ?? "admin",
            rewards: body.rewards as never,
          }),
        );
        const minPlayers = body.minPlayers ?? TOURNAMENT_MIN_PLAYERS;
        const maxPlayers = body.maxPlayers ?? Math.max(TOURNAMENT_MAX_PLAYERS, minPlayers);
        refuse(checkTournamentSize({ minPlayers, maxPlayers }));
        const format = body.format ?? "single_elimination";
        const swissRounds = body.swissRounds ?? null;
        refuse(checkEventSettings({ format, maxPlayers, swissRounds }));
        const registrationMinutes = body.registrationMinutes ?? deps.config.tournament.registrationMinutes;
        const roundSeconds = body.roundSeconds ?? deps.config.tournament.roundSeconds;
        const now = clock.now();
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(tournaments)
            .values(
              newTournamentRow(
                {
                  name,
                  format,
                  swissRounds,
                  entryFeeMode,
                  rewards,
                  minPlayers,
                  maxPlayers,
                  spectatorEnabled: body.spectatorEnabled ?? true,
                  registrationMinutes,
                  roundSeconds,
                  repeatEveryHours: body.repeatEveryHours ?? null,
                },
                now,
              ),
            )
            .returning();
          await logAdminAction(tx, {
            adminId,
            action: "tournament_create",
            targetType: "tournament",
            targetId: row!.id,
            result: "success",
            detail: {
              name,
              format,
              ...(swissRounds === null ? {} : { swissRounds }),
              entryFeeMode,
              rewards,
              minPlayers,
              maxPlayers,
              registrationMinutes,
              roundSeconds,
            },
          });
          await publishTournamentChange(tx, row!.id, "created");
          return row!;
        });
        return { message: messages.tournamentCreated(created.name), tournament: await view(db, created.id) };
      });
    },

    act(adminId: UserId, id: string, action: AdminAction): Promise<AdminTournamentActionResponse> {
      const logAction = `tournament_${action}`;
      return audited(adminId, { action: logAction, targetId: id }, async () => {
        const outcome = await db.transaction(async (tx) => {
          const t = await lockTournament(tx, id);
          if (!allowed(t, action)) {
            throw conflict(messages.tournamentCannot(action === "force_complete" ? "end" : action, t.status));
          }
          const result = await step(tx, t, action);
          await logAdminAction(tx, {
            adminId,
            action: logAction,
            targetType: "tournament",
            targetId: t.id,
            result: result === "cancelled" && action !== "stop" ? "warning" : "success",
            detail: { name: t.name, from: t.status, outcome: result },
          });
          return result;
        });
        return { message: outcomeMessage(action, outcome), tournament: await view(db, id) };
      });
    },
  };
}
