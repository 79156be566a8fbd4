// What the COMBAT ZONE shows after each event of a battle log. Every event goes through the handler for its
// effectType, which says what it does to the arena (whose HP moves, which number floats where); how it looks
// is effectLook's business. Pure, so a replay and a live battle build the very same states.
import type { BattleEvent, BattleSide, BattleView, EffectType } from "@bot-arena/contract";

/** A damage or heal number rising over a fighter. */
export type Floater = { id: number; side: BattleSide; amount: number; effectType: EffectType };

/** The action on stage: who acts on whom, and how. */
export type Cue = {
  id: number;
  actor: BattleSide;
  target: BattleSide;
  effectType: EffectType;
  ultimateName: string | null;
  damage: number;
  heal: number;
};

export type LogLine = { id: number; side: BattleSide; effectType: EffectType; text: string };

export type ArenaState = {
  /** How many events have been applied. */
  applied: number;
  round: number;
  hp: Record<BattleSide, number>;
  floaters: Floater[];
  cue: Cue | null;
  lines: LogLine[];
};

/** Numbers still rising when the next ones arrive; older ones have faded by then. */
const FLOATERS_KEPT = 4;

export const opposite = (side: BattleSide): BattleSide => (side === "attacker" ? "defender" : "attacker");

export function initialArena(battle: Pick<BattleView, "attacker" | "defender">): ArenaState {
  return {
    applied: 0,
    round: 0,
    hp: { attacker: battle.attacker.maxHp, defender: battle.defender.maxHp },
    floaters: [],
    cue: null,
    lines: [],
  };
}

type EventHandler = (state: ArenaState, event: BattleEvent) => ArenaState;

/** What every event does: the HP it leaves, the round, the line in the log and the cue on stage. */
function advance(state: ArenaState, event: BattleEvent, floater: Omit<Floater, "id">): ArenaState {
  const id = state.applied + 1;
  return {
    applied: id,
    round: event.round,
    hp: { attacker: event.attackerHp, defender: event.defenderHp },
    floaters: [...state.floaters, { id, ...floater }].slice(-FLOATERS_KEPT),
    cue: {
      id,
      actor: event.side,
      target: opposite(event.side),
      effectType: event.effectType,
      ultimateName: event.ultimateName,
      damage: event.damage,
      heal: event.heal,
    },
    lines: [...state.lines, { id, side: event.side, effectType: event.effectType, text: event.message }],
  };
}

const strike: EventHandler = (state, event) =>
  advance(state, event, { side: opposite(event.side), amount: event.damage, effectType: event.effectType });

const repair: EventHandler = (state, event) =>
  advance(state, event, { side: event.side, amount: event.heal, effectType: "heal" });

export const eventHandlers: Record<EffectType, EventHandler> = {
  physical: strike,
  fire: strike,
  ice: strike,
  lightning: strike,
  ultimate: strike,
  heal: repair,
};

export const applyEvent = (state: ArenaState, event: BattleEvent): ArenaState =>
  eventHandlers[event.effectType](state, event);

/** The arena after the last event, with nothing left in the air: where Skip lands. */
export function finalArena(battle: Pick<BattleView, "attacker" | "defender" | "events">): ArenaState {
  const state = battle.events.reduce(applyEvent, initialArena(battle));
  return { ...state, floaters: [], cue: null };
}

/** Long battles play faster so that none takes much more than TARGET_MS; ultimates get a beat longer. */
const TARGET_MS = 24_000;
const MIN_STEP_MS = 420;
const MAX_STEP_MS = 1_050;
const ULTIMATE_BONUS_MS = 650;

export function stepDuration(event: BattleEvent, eventCount: number, speed = 1): number {
  const base = Math.min(MAX_STEP_MS, Math.max(MIN_STEP_MS, TARGET_MS / Math.max(1, eventCount)));
  const bonus = event.effectType === "ultimate" ? ULTIMATE_BONUS_MS : 0;
  return Math.round((base + bonus) / speed);
}

export type Verdict = { title: string; tone: "win" | "loss" | "neutral" };

/** The result's headline, from the viewer's side, or naming the winner for a neutral viewer. */
export function verdictFor(
  battle: Pick<BattleView, "winner" | "attacker" | "defender">,
  viewer: BattleSide | null,
): Verdict {
  if (viewer === null) return { title: `${battle[battle.winner].name} wins`, tone: "neutral" };
  return battle.winner === viewer ? { title: "Victory!", tone: "win" } : { title: "Defeat!", tone: "loss" };
}
