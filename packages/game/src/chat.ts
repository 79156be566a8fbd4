// The global chat's rules: what a message may contain, how fast a player may talk, how long a mute lasts, and
// how a mention of the reader is found. The server enforces them; the widget uses the same ones to count
// characters and highlight '@name'.
import { hasBlankCharacters } from "./blank";
import { CHAT_MESSAGE_MAX } from "./constants";
import { messages } from "./messages";
import { fail, ok, type Result } from "./types";

/** At most this many messages per player in any CHAT_RATE_WINDOW_MS, counted over every server process. */
export const CHAT_RATE_LIMIT = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** The same text as the player's previous message within this time is refused as a repeat. */
export const CHAT_REPEAT_WINDOW_MS = 60_000;
/** An admin's mute lasts 1 minute to 30 days. */
export const CHAT_MUTE_MINUTES_MIN = 1;
export const CHAT_MUTE_MINUTES_MAX = 30 * 24 * 60;
export const CHAT_MUTE_REASON_MAX = 200;
export const CHAT_REPORT_REASON_MAX = 200;

export const chatTexts = {
  rateLimited: "You are sending messages too fast. Wait a few seconds.",
  repeated: "You already sent that message",
  mutedUntil: (until: string) => `You are muted until ${until}`,
  messageNotFound: "Message not found",
  playerNotFound: "Player not found",
  cannotReportOwn: "You cannot report your own message",
  cannotHideSelf: "You cannot hide yourself",
  cannotMuteSelf: "You cannot mute yourself",
  cannotMuteAdmin: "Admins cannot be muted",
  muteMinutes: `Mute length must be ${CHAT_MUTE_MINUTES_MIN} to ${CHAT_MUTE_MINUTES_MAX} minutes`,
  muteReasonRequired: "Please give a reason for the mute",
  muteReasonTooLong: `Reason must be at most ${CHAT_MUTE_REASON_MAX} characters`,
  reported: "Message reported. A moderator will take a look.",
  hidden: (username: string) => `${username} is hidden from your chat`,
  unhidden: (username: string) => `${username} is visible again`,
  deleted: "Message deleted",
  muted: (username: string, minutes: number) => `${username} is muted for ${minutes} minutes`,
  unmuted: (username: string) => `${username} can chat again`,
  guildModeratorsOnly: "Only the guild leader or an officer can delete messages",
  cannotReportSystem: "System messages cannot be reported",
} as const;

/** How a place is said: 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

const duelsWon = (wins: number) => `${wins} ${wins === 1 ? "duel" : "duels"} won`;

/**
 * The one line a guild war keeps in each of its guilds' chats, rewritten at each step: drafted, after each round,
 * the final place. The duels themselves are on the war card the line links to.
 */
export const guildWarNews = {
  drafted: (war: string) => `${war}: your guild is in the war; the battle starts when registration ends`,
  /** After round `round` of `rounds` is revealed: the guild's duel wins so far and its place now. */
  round: (war: string, round: number, rounds: number, wins: number, rank: number, guilds: number) =>
    `${war} · round ${round} of ${rounds}: ${duelsWon(wins)}, ${ordinal(rank)} of ${guilds}`,
  final: (war: string, placement: number, prize: number, wins: number) =>
    `${war} · final: ${ordinal(placement)} place${prize > 0 ? `, +${prize.toLocaleString("en-US")} coins` : ""} (${duelsWon(wins)})`,
} as const;

// Tabs and line breaks become spaces (a chat line is one line); every other control character goes. Format
// characters (zero-width space and joiners, bidi overrides, soft hyphen, BOM) go too: they hide text or
// make two identical-looking messages differ.
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const CONTROL_AND_FORMAT = /[\p{Cc}\p{Cf}]/gu;
const SPACE_RUNS = /\s{2,}/g;
/**
 * Combining marks stacked on one character: three are kept (Vietnamese and Indic letters use up to three), the
 * rest go, so a line of 199 marks cannot draw a column over the chat. Counted after NFC, which folds the marks
 * that have a composed letter into it.
 */
export const CHAT_MARKS_PER_CHARACTER = 3;
const MARK_PILES = new RegExp(`(\\p{M}{${CHAT_MARKS_PER_CHARACTER}})\\p{M}+`, "gu");

/**
 * The message as it is stored: NFC, at most three combining marks per character, control and zero-width
 * characters removed, spaces collapsed, trimmed.
 */
export function cleanChatMessage(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(MARK_PILES, "$1")
    .replace(LINE_BREAKS_AND_TABS, " ")
    .replace(CONTROL_AND_FORMAT, "")
    .replace(SPACE_RUNS, " ")
    .trim();
}

/** Characters as PostgreSQL's char_length counts them (code points), so an emoji counts once. */
export const chatLength = (text: string): number => [...text].length;

/**
 * What a line must show: a letter, a digit, a symbol (an emoji is one) or punctuation ('?' is a whole reply).
 * Combining marks alone draw on nothing, so a line of them shows nothing.
 */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

/**
 * The cleaned message, or why it cannot be sent: empty after cleaning; holding a character of the names' blank
 * set that cleaning keeps (a Hangul filler, a Braille blank, the combining grapheme joiner, a Mongolian
 * variation selector, a private-use or unassigned code point: blank.ts), refused rather than removed so the
 * writer sees why; nothing visible (only combining marks); over 200 characters.
 */
export function validateChatMessage(raw: string): Result<string> {
  const message = cleanChatMessage(raw);
  if (message.length === 0) return fail("VALIDATION_FAILED", messages.chatMessageEmpty);
  if (hasBlankCharacters(message)) return fail("VALIDATION_FAILED", messages.chatMessageBlankCharacters);
  if (!VISIBLE.test(message)) return fail("VALIDATION_FAILED", messages.chatMessageNothingVisible);
  if (chatLength(message) > CHAT_MESSAGE_MAX) return fail("VALIDATION_FAILED", messages.chatMessageTooLong);
  return ok(message);
}

/** Whether another message now would be one too many, given how many the player sent in the window. */
export const isChatRateLimited = (sentInWindow: number): boolean => sentInWindow >= CHAT_RATE_LIMIT;

const comparable = (text: string) => cleanChatMessage(text).toLowerCase();

/** A repeat: the same words (ignoring case and spacing) as the player's previous message, sent recently. */
export function isRepeatedMessage(
  previous: { message: string; sentAt: number } | null,
  next: string,
  now: number,
): boolean {
  if (previous === null || now - previous.sentAt > CHAT_REPEAT_WINDOW_MS) return false;
  return comparable(previous.message) === comparable(next);
}

export function validateMuteMinutes(minutes: number): Result<number> {
  if (!Number.isInteger(minutes) || minutes < CHAT_MUTE_MINUTES_MIN || minutes > CHAT_MUTE_MINUTES_MAX) {
    return fail("VALIDATION_FAILED", chatTexts.muteMinutes);
  }
  return ok(minutes);
}

export type MessagePart = { text: string; mention: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The message cut into plain parts and '@username' mentions of `username` (ignoring case), so the reader's
 * own name can be highlighted. A mention must not run on into a longer name ('@Ann' is not in '@Anna').
 */
export function splitMentions(message: string, username: string | null): MessagePart[] {
  if (!username) return [{ text: message, mention: false }];
  const pattern = new RegExp(`@${escapeRegExp(username)}(?![\\p{L}\\p{N}_])`, "giu");
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(pattern)) {
    const start = match.index;
    if (start > last) parts.push({ text: message.slice(last, start), mention: false });
    parts.push({ text: match[0], mention: true });
    last = start + match[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last), mention: false });
  return parts.length > 0 ? parts : [{ text: message, mention: false }];
}

export const mentions = (message: string, username: string | null): boolean =>
  splitMentions(message, username).some((part) => part.mention);
