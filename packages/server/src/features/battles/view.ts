// A stored battle as the API shows it: both fighters, the typed events with their text lines filled in, and
// the closing line.
import type { BattleView } from "@bot-arena/contract";
import { type BattleResult, describeAction, describeOutcome } from "@bot-arena/game";
import type { RecordedBattle } from "./record";
import { type FighterSnapshot, toBattleFighter } from "./snapshot";

export type BattleHeader = RecordedBattle & {
  attackerSnapshot: FighterSnapshot;
  defenderSnapshot: FighterSnapshot;
};

export function battleViewOf(header: BattleHeader, result: BattleResult): BattleView {
  return {
    id: header.id,
    kind: header.kind,
    createdAt: header.createdAt.toISOString(),
    seed: header.seed,
    attacker: toBattleFighter(header.attackerSnapshot),
    defender: toBattleFighter(header.defenderSnapshot),
    winner: result.winner,
    endedBy: result.endedBy,
    rounds: result.rounds,
    events: result.log.map((entry) => ({ ...entry, message: entry.message ?? describeAction(entry) })),
    outcome: describeOutcome(result),
  };
}
