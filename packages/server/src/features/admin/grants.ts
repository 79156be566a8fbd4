// Admin grants (seed 001, Player Management): coins or an equipment item to a player found by e-mail, each with
// the admin's reason. The grant, its ledger row (reason admin_grant, referencing the operations-log row that
// holds the admin and the reason) and that log row commit together; a refused grant is logged as an error.

import {
  adminGrantMessages,
  GRANT_REASON_MAX,
  type GrantCoinsBody,
  type GrantCoinsResponse,
  type GrantEquipmentBody,
  type GrantEquipmentResponse,
  type GrantReceivedAlert,
  playerAlertKinds,
} from "@bot-arena/contract";
import { Coins, EquipmentId, messages, validateGrantCoins, validateGrantEquipment } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database";
import { noteLocks } from "../../platform/db/locks";
import { equipment, inventory, profiles } from "../../platform/db/schema";
import { AppError, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { logAdminAction } from "../../platform/ops-log";
import { refuse } from "../../platform/refuse";
import { raiseAlerts } from "../alerts/raise";
import { audited } from "./audit";

export type GrantsService = ReturnType<typeof createGrantsService>;

/** The ledger rows of a grant point at its operations-log row (which names the admin and the reason). */
export const GRANT_REF_TYPE = "admin_operation";

const invalid = (message: string) => new AppError(400, "VALIDATION_FAILED", message);

function checkedReason(raw: string | undefined): string {
  const reason = (raw ?? "").trim();
  if (reason === "") throw invalid(adminGrantMessages.enterReason);
  if (reason.length > GRANT_REASON_MAX) throw invalid(adminGrantMessages.reasonTooLong);
  return reason;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The player with this e-mail (any case), their profile locked for the grant. */
async function lockPlayerByEmail(tx: Tx, email: string) {
  // The profile is the first lock a grant takes (the lock order: platform/db/locks.ts).
  const [player] = await tx
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`)
    .for("update");
  if (!player) throw notFound(adminGrantMessages.playerNotFound);
  // Its first lock, so noted once its id is known.
  noteLocks(tx, "profile", [player.id]);
  return player;
}

/** The player's alert: what they got, never the admin's reason (an operator's note). */
const tellGranted = (tx: Db, userId: UserId, grant: GrantReceivedAlert) =>
  raiseAlerts(tx, [{ userId, kind: playerAlertKinds.grantReceived, data: grant }]);

export function createGrantsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    grantCoins(adminId: UserId, body: GrantCoinsBody): Promise<GrantCoinsResponse> {
      const detail = { email: body.email, amount: body.amount, reason: body.reason };
      return audited(db, { adminId, action: "grant_coins", targetType: "player", detail }, async () => {
        const checked = validateGrantCoins(body);
        const { email, amount } = refuse(checked);
        const reason = checkedReason(body.reason);
        return db.transaction(async (tx) => {
          const player = await lockPlayerByEmail(tx, email);
          const operationId = await logAdminAction(tx, {
            adminId,
            action: "grant_coins",
            targetType: "player",
            targetId: player.id,
            result: "success",
            detail: { email, username: player.username, amount, reason },
          });
          const newCoinBalance = await moveCoins(tx, {
            userId: player.id,
            account: "wallet",
            credit: Coins(amount),
            reason: "admin_grant",
            refType: GRANT_REF_TYPE,
            refId: String(operationId),
            maxMessage: messages.balancePastMax(`${player.username}'s wallet`),
          });
          await tellGranted(tx, player.id, { coins: amount, itemName: null });
          return {
            message: adminGrantMessages.coinsGranted(amount, player.username),
            userId: player.id,
            username: player.username,
            newCoinBalance,
            operationId,
          };
        });
      });
    },

    grantEquipment(adminId: UserId, body: GrantEquipmentBody): Promise<GrantEquipmentResponse> {
      const detail = { email: body.email, equipmentId: body.equipmentId ?? null, reason: body.reason };
      return audited(db, { adminId, action: "grant_equipment", targetType: "player", detail }, async () => {
        const wanted = body.equipmentId?.trim() ? EquipmentId(body.equipmentId.trim()) : null;
        const checked = validateGrantEquipment({ email: body.email, equipmentId: wanted });
        const { email, equipmentId } = refuse(checked);
        const reason = checkedReason(body.reason);
        if (!UUID.test(equipmentId)) throw notFound(adminGrantMessages.equipmentNotFound);
        return db.transaction(async (tx) => {
          const player = await lockPlayerByEmail(tx, email);
          const [item] = await tx
            .select({ id: equipment.id, name: equipment.name, price: equipment.price })
            .from(equipment)
            .where(eq(equipment.id, equipmentId));
          if (!item) throw notFound(adminGrantMessages.equipmentNotFound);
          const [row] = await tx
            .insert(inventory)
            .values({ userId: player.id, equipmentId: item.id })
            .returning({ id: inventory.id });
          const operationId = await logAdminAction(tx, {
            adminId,
            action: "grant_equipment",
            targetType: "player",
            targetId: player.id,
            result: "success",
            detail: {
              email,
              username: player.username,
              equipmentId: item.id,
              equipmentName: item.name,
              reason,
            },
          });
          await publishToPlayer(tx, player.id, "inventory");
          await tellGranted(tx, player.id, { coins: 0, itemName: item.name });
          return {
            message: adminGrantMessages.equipmentGranted(item.name, player.username),
            userId: player.id,
            username: player.username,
            inventoryId: row!.id,
            equipmentName: item.name,
            operationId,
          };
        });
      });
    },
  };
}
