// The arena's own lines in a guild's chat (a war's news). The war engine calls this inside its step's
// transaction, so a line commits with the event it tells and a rolled-back step says nothing. Lines keep the
// order they were written in: each is a microsecond after the one before and after the guild chat's latest line
// (a war's steps often run at one instant of the test clock, or of a runner catching up).
import { chatLiveKinds } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { chatMessages } from "../../platform/db/schema";
import { publishAll } from "../../platform/live/publish";
import { channelOf, toChatMessage } from "./lines";

/** The name a system line carries where a player's line has its author's. */
export const SYSTEM_AUTHOR = "Arena";

export type GuildSystemLine = { guildId: string; message: string };

/** The guild chat's latest line: a step's lines come after it even when an earlier step ran at the same time. */
const latestIn = (guildId: string) =>
  sql`select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.guildId} = ${guildId}`;

export async function postGuildSystemLines(
  tx: Db,
  lines: readonly GuildSystemLine[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  const rows = await tx
    .insert(chatMessages)
    .values(
      lines.map((line, i) => ({
        guildId: line.guildId,
        kind: "system" as const,
        userId: null,
        username: SYSTEM_AUTHOR,
        message: line.message,
        createdAt: sql`greatest(${now.toISOString()}::timestamptz, (${latestIn(line.guildId)}) + interval '1 microsecond')
          + ${i} * interval '1 microsecond'`,
      })),
    )
    .returning();
  await publishAll(
    tx,
    rows.map((row) => ({
      channel: channelOf(row.guildId),
      kind: chatLiveKinds.message,
      data: { message: toChatMessage(row) },
    })),
  );
}
