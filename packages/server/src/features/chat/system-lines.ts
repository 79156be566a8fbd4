// The arena's own lines in a guild's chat (a war's news). The war engine calls this inside its step's
// transaction, so a line commits with the event it tells and a rolled-back step says nothing. Lines keep the
// order they were written in: each is a microsecond after the one before and after the guild chat's latest line
// (a war's steps often run at one instant of the test clock, or of a runner catching up).
//
// A war keeps one line per guild (`war_id`, unique per guild chat): each step rewrites it and moves it to the
// bottom, so a war never pushes players' words out of the 50 lines a chat shows. A line a moderator deleted stays
// deleted: the war does not bring it back.
import { chatLiveKinds } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { chatMessages } from "../../platform/db/schema";
import { publishAll } from "../../platform/live/publish";
import { channelOf, type MessageRow, toChatMessage } from "./lines";

/** The name a system line carries where a player's line has its author's. */
export const SYSTEM_AUTHOR = "Arena";

export type GuildSystemLine = { guildId: string; message: string };

/** The guild chat's latest line: a step's lines come after it even when an earlier step ran at the same time. */
const latestIn = (guildId: string) =>
  sql`select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.guildId} = ${guildId}`;

/** Writes (or, for a war, rewrites) the lines and announces each one live; a line's id stays across rewrites. */
export async function postGuildSystemLines(
  tx: Db,
  lines: readonly GuildSystemLine[],
  now: Date,
  warId: string | null = null,
): Promise<void> {
  if (lines.length === 0) return;
  const insert = tx.insert(chatMessages).values(
    lines.map((line, i) => ({
      guildId: line.guildId,
      kind: "system" as const,
      userId: null,
      username: SYSTEM_AUTHOR,
      message: line.message,
      warId,
      createdAt: sql`greatest(${now.toISOString()}::timestamptz, (${latestIn(line.guildId)}) + interval '1 microsecond')
          + ${i} * interval '1 microsecond'`,
    })),
  );
  const rows: MessageRow[] = warId
    ? await insert
        .onConflictDoUpdate({
          target: [chatMessages.guildId, chatMessages.warId],
          targetWhere: sql`${chatMessages.warId} is not null`,
          set: { message: sql`excluded.message`, createdAt: sql`excluded.created_at` },
          setWhere: sql`${chatMessages.deletedAt} is null`,
        })
        .returning()
    : await insert.returning();
  await publishAll(
    tx,
    rows.map((row) => ({
      channel: channelOf(row.guildId),
      kind: chatLiveKinds.message,
      data: { message: toChatMessage(row) },
    })),
  );
}
