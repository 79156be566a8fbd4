// The creation form's state and the rulebook's checks on it: stats start at 5 each, 20 points to place.
import {
  BOT_MODELS,
  type BotModelName,
  CREATION_COLOR_SCHEMES,
  CREATION_STAT_MIN,
  type CreationColorSchemeName,
  canLowerCreationStat,
  canRaiseCreationStat,
  creationPointsRemaining,
  type StatName,
  type Stats,
  validateBotName,
  validateCreationStats,
} from "@bot-arena/game";
import { useState } from "react";

export type CreateTab = "design" | "stats" | "confirm";

export type CreateForm = {
  name: string;
  model: BotModelName;
  colorScheme: CreationColorSchemeName;
  stats: Stats;
};

const startingStats: Stats = {
  strength: CREATION_STAT_MIN,
  agility: CREATION_STAT_MIN,
  defense: CREATION_STAT_MIN,
  intelligence: CREATION_STAT_MIN,
};

export const modelOf = (name: BotModelName) => BOT_MODELS.find((m) => m.name === name)!;
export const schemeOf = (name: CreationColorSchemeName) =>
  CREATION_COLOR_SCHEMES.find((s) => s.name === name)!;

export function useCreateForm() {
  const [form, setForm] = useState<CreateForm>({
    name: "",
    model: BOT_MODELS[0]!.name,
    colorScheme: CREATION_COLOR_SCHEMES[0]!.name,
    stats: startingStats,
  });
  const remaining = creationPointsRemaining(form.stats);
  return {
    form,
    remaining,
    nameCheck: validateBotName(form.name),
    statsCheck: validateCreationStats(form.stats),
    setName: (name: string) => setForm((f) => ({ ...f, name })),
    setModel: (model: BotModelName) => setForm((f) => ({ ...f, model })),
    setColorScheme: (colorScheme: CreationColorSchemeName) => setForm((f) => ({ ...f, colorScheme })),
    canRaise: (stat: StatName) => canRaiseCreationStat(form.stats, stat),
    canLower: (stat: StatName) => canLowerCreationStat(form.stats, stat),
    step: (stat: StatName, delta: 1 | -1) =>
      setForm((f) => {
        const allowed = delta > 0 ? canRaiseCreationStat(f.stats, stat) : canLowerCreationStat(f.stats, stat);
        return allowed ? { ...f, stats: { ...f.stats, [stat]: f.stats[stat] + delta } } : f;
      }),
  };
}

export type CreateFormState = ReturnType<typeof useCreateForm>;
