// The Stats tab's one-line explanation. 'Distribute 40 points' beside '20 points left' read as a contradiction:
// 20 of the 40 are already in place, 5 in each stat, so say that.
import { CREATION_STAT_MAX, CREATION_STAT_MIN, CREATION_TOTAL_POINTS, STAT_NAMES } from "@bot-arena/game";

const free = CREATION_TOTAL_POINTS - STAT_NAMES.length * CREATION_STAT_MIN;

export const statsExplainer = `Each stat starts at ${CREATION_STAT_MIN} and can rise to ${CREATION_STAT_MAX}. Place your ${free} free points.`;
