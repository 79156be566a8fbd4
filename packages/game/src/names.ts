// The names players choose for themselves, their guilds and their bots: what is stored is what was checked, so
// no name can pass for another. Every name is:
// - normalized to NFKC (fullwidth 'Ａｄｍｉｎ' is 'Admin', the ligature 'ﬁ' is 'fi'), trimmed, inner runs of
//   spaces made one space (a page shows 'A  B' as 'A B');
// - refused, not silently cleaned, when it holds, at any position, a character that draws nothing or a box or
//   reorders what is shown (the blank set, blank.ts: controls, format characters, bidirectional embeddings,
//   overrides, isolates and marks, line and paragraph separators, every default-ignorable code point such as
//   the Hangul fillers and U+180E, private-use and unassigned code points, lone surrogates, and the Braille
//   blank U+2800). One exception: a variation selector straight after an emoji or a symbol, where it only
//   picks how that emoji is drawn;
// - refused unless it holds at least one letter or digit (Unicode \p{L} or \p{N}).
// Usernames, guild names and guild tags are also unique by their confusable skeleton (`nameSkeleton`,
// skeleton.ts), which drops the same blank set, so a name stored before this rule with a blank in it still
// collides with the name it copies.

import { hasBlankCharacters } from "./blank";
import { USERNAME_MAX } from "./constants";
import { messages } from "./messages";
import { fail, ok, type Result } from "./types";

const VISIBLE = /[\p{L}\p{N}]/u;
/** After NFKC the only spaces left are U+0020 and the Ogham space mark; other whitespace is hidden (above). */
const SPACE_RUNS = /\p{Zs}+/gu;

/**
 * The name as it would be stored: NFKC, trimmed, inner runs of spaces as one space. No check is made: a
 * zero-width space or a tab inside the name stays there for `hasHiddenCharacters` to refuse.
 */
export const normalizeName = (raw: string): string => raw.normalize("NFKC").trim().replace(SPACE_RUNS, " ");

/** Whether the text holds a character that draws nothing or a box, or changes the order text is shown in. */
export const hasHiddenCharacters = hasBlankCharacters;

/** Whether the text holds at least one letter or digit of any script. */
export const hasLetterOrDigit = (text: string): boolean => VISIBLE.test(text);

/** The words of one kind of name: how its messages name it and its length limits. */
export interface NameRule {
  /** How the messages call the field: "Username", "Guild tag", "Name". */
  readonly label: string;
  readonly max: number;
  readonly min?: number;
  /** Said for a name that is empty once trimmed. */
  readonly blank: string;
  /** Said for a name over `max` (or under `min`) characters. */
  readonly length: string;
}

/** Normalized and free of hidden characters, or why not; an empty result is left to the caller's blank check. */
export function cleanName(raw: string, label: string): Result<string> {
  const name = normalizeName(raw);
  if (hasHiddenCharacters(name)) return fail("VALIDATION_FAILED", messages.nameHasHiddenCharacters(label));
  return ok(name);
}

/** The checks after cleaning: not blank, a letter or digit, within the length limits. */
export function checkCleanName(name: string, rule: NameRule): Result<string> {
  if (name === "") return fail("VALIDATION_FAILED", rule.blank);
  if (!hasLetterOrDigit(name)) return fail("VALIDATION_FAILED", messages.nameNeedsLetterOrDigit(rule.label));
  if (name.length > rule.max || name.length < (rule.min ?? 1)) return fail("VALIDATION_FAILED", rule.length);
  return ok(name);
}

/** A whole name: cleaned, then checked; the value is what to store. */
export function checkName(raw: string, rule: NameRule): Result<string> {
  const cleaned = cleanName(raw, rule.label);
  return cleaned.ok ? checkCleanName(cleaned.value, rule) : cleaned;
}

/** A player's username (sign-up): 1 to 30 characters. */
export const validateUsername = (raw: string): Result<string> =>
  checkName(raw, {
    label: "Username",
    max: USERNAME_MAX,
    blank: messages.usernameRequired,
    length: messages.usernameTooLong,
  });
