// PvP seasons: the pages (running and closed), the admin's prizes, and the close the event runner takes at a
// season's end (close.ts).
import type { SeasonPrizesBody } from "@bot-arena/contract";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { setSeasonPrizes } from "./prizes";
import { currentSeasonPage, pastSeasonPage } from "./standings";

export type SeasonsService = ReturnType<typeof createSeasonsService>;

export const createSeasonsService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  current: (viewer: UserId) => currentSeasonPage(db, viewer, clock.now()),
  past: (number: string, viewer: UserId) => pastSeasonPage(db, number, viewer),
  setPrizes: (adminId: UserId, prizes: SeasonPrizesBody) => setSeasonPrizes(db, adminId, prizes),
});
