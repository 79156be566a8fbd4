// Pilots' PvP pages: a pilot's profile and the player's defense log (the battle's own writes are in arena/pvp.ts
// and settle.ts beside this).
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { defenseLog } from "./defenses";
import { pilotProfile } from "./profile";

export type PilotsService = ReturnType<typeof createPilotsService>;

export const createPilotsService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  profile: (username: string) => pilotProfile(db, username, clock.now()),
  defenses: (userId: UserId) => defenseLog(db, userId, clock.now()),
});
