// The customization API's paths, checked against the contract at compile time, and how the page is reached.
import { type PathOf, withId } from "../../app/paths";

const customize: PathOf<"customizeBot"> = "/api/bots/:id/customize";
const preview: PathOf<"previewCustomization"> = "/api/bots/:id/customize/preview.svg";

export const customizePaths = {
  customize: (id: string) => withId(customize, id),
  preview: (id: string, name: string, colorScheme: string | null) => {
    const query = new URLSearchParams({ name });
    if (colorScheme) query.set("colorScheme", colorScheme);
    return `${withId(preview, id)}?${query}`;
  },
};

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
