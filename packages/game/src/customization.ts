// The customization page: a new name and one of eight colour schemes. The first pass after a summon is
// free; a re-customization costs 5 coins for a new name and 5 for new colours.
import {
  BOT_NAME_MAX,
  CUSTOMIZATION_COLOR_SCHEMES,
  RECUSTOMIZE_COLOR_COST,
  RECUSTOMIZE_RENAME_COST,
} from "./constants";
import { messages } from "./messages";
import { checkCleanName, cleanName } from "./names";
import { type Bot, Coins, type CustomizationColorSchemeName, fail, ok, type Result } from "./types";

/** How each paid change is named in 'You need N coins for: ...'. */
export const CUSTOMIZATION_CHANGE_LABELS = { rename: "rename", colors: "color change" } as const;

export interface CustomizationRequest {
  readonly bot: Pick<Bot, "name" | "colorPrimary" | "colorSecondary">;
  /** Blank keeps the old name. */
  readonly newName: string;
  /** null keeps the old colours. */
  readonly colorScheme: CustomizationColorSchemeName | null;
  readonly isReCustomization: boolean;
  readonly coins: number;
}

export interface CustomizationPlan {
  readonly name: string;
  readonly colorPrimary: string;
  readonly colorSecondary: string;
  readonly renamed: boolean;
  readonly recolored: boolean;
  readonly cost: Coins;
  /** The labels of the paid changes, in the order the cost box lists them. */
  readonly changes: readonly string[];
}

export function customizationCost(input: {
  readonly isReCustomization: boolean;
  readonly renamed: boolean;
  readonly recolored: boolean;
}): Coins {
  if (!input.isReCustomization) return Coins(0);
  return Coins(
    (input.renamed ? RECUSTOMIZE_RENAME_COST : 0) + (input.recolored ? RECUSTOMIZE_COLOR_COST : 0),
  );
}

export function planCustomization(request: CustomizationRequest): Result<CustomizationPlan> {
  const { bot } = request;
  // A new name is a name like any other (names.ts); a blank one keeps the old name.
  const cleaned = cleanName(request.newName, "Name");
  if (!cleaned.ok) return cleaned;
  const checked =
    cleaned.value === ""
      ? ok(bot.name)
      : checkCleanName(cleaned.value, {
          label: "Name",
          max: BOT_NAME_MAX,
          blank: messages.enterValidName,
          length: messages.nameTooLong(BOT_NAME_MAX),
        });
  if (!checked.ok) return checked;
  const name = checked.value;
  const scheme =
    request.colorScheme === null
      ? undefined
      : CUSTOMIZATION_COLOR_SCHEMES.find((s) => s.name === request.colorScheme);
  if (request.colorScheme !== null && scheme === undefined)
    return fail("VALIDATION_FAILED", messages.unknownColorScheme);
  const colorPrimary = scheme?.primary ?? bot.colorPrimary;
  const colorSecondary = scheme?.secondary ?? bot.colorSecondary;
  const renamed = name !== bot.name;
  const recolored = colorPrimary !== bot.colorPrimary || colorSecondary !== bot.colorSecondary;
  const cost = customizationCost({ isReCustomization: request.isReCustomization, renamed, recolored });
  const changes: string[] = [];
  if (request.isReCustomization && renamed) changes.push(CUSTOMIZATION_CHANGE_LABELS.rename);
  if (request.isReCustomization && recolored) changes.push(CUSTOMIZATION_CHANGE_LABELS.colors);
  if (cost > request.coins) {
    return fail(
      "NOT_ENOUGH_COINS",
      messages.insufficientCoins,
      messages.customizationNeedsCoins(cost, changes),
    );
  }
  return ok({ name, colorPrimary, colorSecondary, renamed, recolored, cost, changes });
}
