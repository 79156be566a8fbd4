// Live events of the wars: one small hint on the `guild-wars` channel whenever a war or its participants change
// (opened, battle started, a round played, completed); the pages refetch what they show.
import type { Db } from "../../platform/db/database";
import { publish } from "../../platform/live/publish";

export type WarEventKind = "opened" | "battle" | "round" | "completed";

export const announceWar = (tx: Db, warId: string, kind: WarEventKind) =>
  publish(tx, { channel: "guild-wars", kind: "war", data: { warId, change: kind } });
