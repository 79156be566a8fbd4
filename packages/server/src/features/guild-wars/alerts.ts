// The war's alerts to every member of its guilds, kept in each member's inbox and sent after the step's
// commit: their guild was drafted into a war, and the war their guild fought ended (placement and prize).
// One read of the members of all the guilds at once, however many members they have.
import {
  type PlayerAlertKind,
  playerAlertKinds,
  type WarDraftedAlert,
  type WarEndedAlert,
} from "@bot-arena/contract";
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { guildMembers, guilds } from "../../platform/db/schema";
import { raiseAlerts } from "../alerts/raise";

type War = { id: string; name: string };
type Placement = { guildId: string; placement: number; prizeAmount: number };

async function alertMembers(
  tx: Tx,
  war: War,
  guildIds: readonly string[],
  kind: PlayerAlertKind,
  extra: (guildId: string) => Record<string, unknown>,
): Promise<void> {
  if (guildIds.length === 0) return;
  const members = await tx
    .select({ userId: guildMembers.userId, guildId: guilds.id, tag: guilds.tag, name: guilds.name })
    .from(guildMembers)
    .innerJoin(guilds, eq(guilds.id, guildMembers.guildId))
    .where(inArray(guildMembers.guildId, [...guildIds]));
  await raiseAlerts(
    tx,
    members.map((m) => {
      const drafted: WarDraftedAlert = {
        warId: war.id,
        warName: war.name,
        guildId: m.guildId,
        guildTag: m.tag,
        guildName: m.name,
      };
      return { kind, userId: m.userId, data: { ...drafted, ...extra(m.guildId) } };
    }),
  );
}

export const alertDrafted = (tx: Tx, war: War, guildIds: readonly string[]) =>
  alertMembers(tx, war, guildIds, playerAlertKinds.warDrafted, () => ({}));

export function alertWarEnded(
  tx: Tx,
  war: War,
  guildIds: readonly string[],
  placements: readonly Placement[],
) {
  const byGuild = new Map(placements.map((p) => [p.guildId as string, p]));
  return alertMembers(tx, war, guildIds, playerAlertKinds.warEnded, (guildId) => {
    const placed = byGuild.get(guildId);
    return {
      placement: placed?.placement ?? null,
      prize: placed?.prizeAmount ?? 0,
    } satisfies Pick<WarEndedAlert, "placement" | "prize">;
  });
}
