// The characters that draw nothing, or only a box, in the fonts players have: one set for names (names.ts), the
// confusable skeleton (skeleton.ts) and chat lines (chat.ts). Beside a visible name such a character makes a
// second name that looks like the first, and a chat line of them looks empty. The set is Unicode's own
// properties, so it follows the Unicode version of the runtime rather than a list kept by hand:
// - \p{Cc} controls, \p{Cf} format characters (zero-width space and joiners, the byte-order mark, bidirectional
//   embeddings, overrides, isolates and marks), \p{Zl} and \p{Zp} line and paragraph separators;
// - \p{Default_Ignorable_Code_Point}: what a renderer must not show (the Hangul fillers U+115F, U+1160, U+3164
//   and U+FFA0, letters that draw nothing; the combining grapheme joiner U+034F; the Mongolian variation
//   selectors U+180B to U+180F; the variation selectors; the soft hyphen);
// - \p{Co} private use (a box, or whatever a font of someone's own puts there), \p{Cn} unassigned (a box
//   today, anything in a later Unicode), \p{Cs} a lone surrogate half (a box: no character at all);
// - U+2800 BRAILLE PATTERN BLANK, a symbol (So) with no dots: the one blank Unicode gives no property for.

/** One character of the blank set (above). */
export const BLANK_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}\u2800]/u;

/** Every character of the blank set, for `replace`. */
export const BLANK_CHARACTERS = new RegExp(BLANK_CHARACTER.source, "gu");

/**
 * A variation selector (text or emoji presentation) right after an emoji or a symbol, where it only picks how
 * that emoji is drawn (the digits, # and * are emoji too: a keycap is '1', U+FE0F, U+20E3). Anywhere else a
 * selector is part of the blank set.
 */
const EMOJI_VARIATION = /([\p{Emoji}\p{Extended_Pictographic}\p{S}])[\uFE0E\uFE0F]/gu;

/** Whether the text holds a character of the blank set, a variation selector after an emoji apart. */
export const hasBlankCharacters = (text: string): boolean =>
  text.replace(EMOJI_VARIATION, "$1").search(BLANK_CHARACTER) !== -1;

/** The blank set's characters in the text, each once, as U+XXXX (for an operator's report of stored names). */
export function blankCharactersIn(text: string): string[] {
  const found = text.replace(EMOJI_VARIATION, "$1").match(BLANK_CHARACTERS) ?? [];
  return [...new Set(found)].map(
    (character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`,
  );
}
