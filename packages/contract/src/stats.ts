// Landing-page counters: real figures, not the original's random placeholders.
import { z } from "./zod";

export const landingStats = z.object({
  battlesLastHour: z.number().int(),
  /** Of those, the player-against-player ones: the landing's 'Active PvP'. */
  pvpBattlesLastHour: z.number().int(),
  openTournaments: z.number().int(),
  activeGuildWars: z.number().int(),
  players: z.number().int(),
});
export type LandingStats = z.infer<typeof landingStats>;
