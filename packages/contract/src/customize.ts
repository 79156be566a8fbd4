// Bot customization (/customize-bots): a new name and one of the eight colour schemes. The server decides
// whether it is the bot's first customization (free) or a re-customization (5 coins a real rename, 5 a real
// colour change) and redraws the image.
import { BOT_NAME_MAX, CUSTOMIZATION_COLOR_SCHEMES, messages } from "@bot-arena/game";
import { bot } from "./bots";
import { z } from "./zod";

const schemeNames = CUSTOMIZATION_COLOR_SCHEMES.map((s) => s.name) as [string, ...string[]];

export const customizeBody = z.object({
  /** Blank or missing keeps the old name; the rulebook checks the 30-character limit. */
  name: z.string({ error: messages.enterValidName }).max(200, messages.nameTooLong(BOT_NAME_MAX)).optional(),
  /** null keeps the old colours. */
  colorScheme: z.enum(schemeNames, { error: messages.unknownColorScheme }).nullable(),
});
export type CustomizeBody = z.infer<typeof customizeBody>;

export const customizeResponse = z.object({
  message: z.string(),
  bot,
  /** What this request was charged: 0 for the first customization or when nothing changed. */
  cost: z.number().int(),
  /** The paid changes, as the cost box names them ("rename", "color change"). */
  changes: z.array(z.string()),
  firstCustomization: z.boolean(),
  newCoinBalance: z.number().int(),
  /** false when drawing failed: name and colours are saved and the old (or default) image stays. */
  imageGenerated: z.boolean(),
});
export type CustomizeResponse = z.infer<typeof customizeResponse>;

/** The dialog's live preview: the bot redrawn with this name and scheme, nothing stored. */
export const customizePreviewQuery = z.object({
  name: z.string().max(200).default(""),
  colorScheme: z.enum(schemeNames, { error: messages.unknownColorScheme }).optional(),
});
export type CustomizePreviewQuery = z.infer<typeof customizePreviewQuery>;

export const customizeMessages = {
  customized: (name: string) => `${name} customized!`,
  saved: (name: string) => `${name} saved`,
  noChanges: "No changes to save",
} as const;

const idParams = z.object({ id: z.string() });

export const customizeRoutes = {
  customizeBot: {
    method: "POST",
    path: "/api/bots/:id/customize",
    summary: "Rename and re-colour a bot: free the first time, then 5 coins a rename and 5 a colour change",
    auth: "player",
    params: idParams,
    body: customizeBody,
    response: customizeResponse,
  },
  previewCustomization: {
    method: "GET",
    path: "/api/bots/:id/customize/preview.svg",
    summary: "The image the bot would get with this name and colour scheme (SVG, not stored)",
    auth: "player",
    params: idParams,
    query: customizePreviewQuery,
    response: z.string(),
  },
} as const;
