// Event formats: pure generators of rounds and standings, looked up by the name the server stores.
import { doubleEliminationFormat } from "./double-elimination";
import { roundRobinFormat } from "./round-robin";
import { singleEliminationFormat } from "./single-elimination";
import { swissFormat } from "./swiss";
import type { EventFormat, EventFormatName } from "./types";

const FORMATS: Record<EventFormatName, EventFormat> = {
  single_elimination: singleEliminationFormat,
  double_elimination: doubleEliminationFormat,
  round_robin: roundRobinFormat,
  swiss: swissFormat,
};

export const formatGenerator = (name: EventFormatName): EventFormat => FORMATS[name];

export { doubleEliminationFormat } from "./double-elimination";
export {
  checkEventSettings,
  eventMatchTitle,
  eventOptionsFor,
  eventRuleMessages,
  plannedRounds,
} from "./event-rules";
export * from "./event-steps";
export { isKnockedOut, type StoredEventMatch } from "./knocked-out";
export { formatMessages } from "./replay";
export {
  ROUND_ROBIN_MAX_ENTRANTS,
  roundRobinFormat,
  roundRobinMessages,
  roundRobinSchedule,
  type ScheduledMatch,
} from "./round-robin";
export { singleEliminationFormat } from "./single-elimination";
export {
  firstStriker,
  recordStrikes,
  type StrikeBook,
  type StrikeRecord,
  strikeBalance,
  strikeRecord,
} from "./strike-order";
export { defaultSwissRounds, swissFormat, swissMessages, swissRoundCount } from "./swiss";
export * from "./types";
