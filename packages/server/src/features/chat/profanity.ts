// The chat's profanity filter: obscenity's English word list with its look-alike, leetspeak and spacing
// transformers; each matched word is masked with asterisks of the same length, the rest is left as written.
// Word-aware: a match inside a longer word is masked only when the rest of the word is an ending the word
// could take ('fucking', 'shits'), so 'cockpit', 'Scunthorpe' and 'peacock' read as typed.
import {
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  type MatchPayload,
  RegExpMatcher,
  TextCensor,
} from "obscenity";

export type ProfanityFilter = (text: string) => string;

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Endings a swear word takes and stays one: plural, past, -ing, -er, -y and their doubles. */
const ENDINGS = /^(?:s|es|ed|d|ing|in|er|ers|y|ie|ies|head|heads|face|hole|holes|off|up)?$/i;

/**
 * The match grown to its whole word when it is a word of its own or one with an ending above ('fucking' masks
 * whole); null when it sits inside a longer clean word.
 */
function wholeWord(text: string, match: MatchPayload): MatchPayload | null {
  // obscenity's indices count UTF-16 code units, inclusive at the end.
  const before = text.slice(0, match.startIndex);
  if (before.length > 0 && WORD_CHAR.test(before.at(-1)!)) return null;
  const rest = /^[\p{L}\p{N}]*/u.exec(text.slice(match.endIndex + 1))![0];
  if (!ENDINGS.test(rest)) return null;
  return {
    ...match,
    endIndex: match.endIndex + rest.length,
    matchLength: match.matchLength + [...rest].length,
  };
}

export function createProfanityFilter(): ProfanityFilter {
  const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  const censor = new TextCensor().setStrategy(asteriskCensorStrategy());
  return (text) => {
    const matches = matcher.getAllMatches(text).flatMap((match) => wholeWord(text, match) ?? []);
    return matches.length === 0 ? text : censor.applyTo(text, matches);
  };
}
