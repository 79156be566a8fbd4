// How the customization page is reached, and the preview of a redrawn bot.
import type { CustomizationColorSchemeName } from "@bot-arena/game";
import { hrefOf } from "../../app/call";

/** The bot redrawn with a new name and colours, before anything is saved. */
export const customizationPreview = (
  id: string,
  name: string,
  colorScheme: CustomizationColorSchemeName | null,
) =>
  hrefOf("previewCustomization", { params: { id }, query: { name, colorScheme: colorScheme ?? undefined } });

/** The spec's navigation state; the ids also ride in the address so a reload keeps the page. */
export type CustomizeState = { botIds: string[]; isReCustomization: boolean };

export function customizeLink(state: CustomizeState): { to: string; state: CustomizeState } {
  const query = new URLSearchParams({ bots: state.botIds.join(",") });
  if (state.isReCustomization) query.set("mode", "re");
  return { to: `/customize-bots?${query}`, state };
}

export function readCustomizeState(state: unknown, search: URLSearchParams): CustomizeState {
  const fromState = state as Partial<CustomizeState> | null;
  if (fromState && Array.isArray(fromState.botIds) && fromState.botIds.length > 0) {
    return { botIds: fromState.botIds, isReCustomization: Boolean(fromState.isReCustomization) };
  }
  const ids = (search.get("bots") ?? "").split(",").filter(Boolean);
  return { botIds: ids, isReCustomization: search.get("mode") === "re" };
}

/** The spec's 'manage bots' link: the bots section of /inventory. */
export const manageBotsPath = "/inventory#manage-bots";
