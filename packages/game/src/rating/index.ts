// Pilots' PvP ratings: Glicko-2 with lichess's numbers, rated per battle, damped for the defender, grown by
// idleness and softly reset at a season's end.
export * from "./constants";
export { type Glicko, type GlickoGame, glicko2Update } from "./glicko2";
export {
  capRating,
  deviationAt,
  displayRating,
  isProvisional,
  newPilotRating,
  type PilotRating,
} from "./pilot-rating";
export { type RateBattleOptions, type RatedBattle, rateBattle } from "./rate-battle";
export { softReset } from "./season-reset";
