// The chat's profanity filter: obscenity's English word list with its look-alike, leetspeak and spacing
// transformers; each matched word is masked with asterisks of the same length, the rest is left as written.
import {
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  TextCensor,
} from "obscenity";

export type ProfanityFilter = (text: string) => string;

export function createProfanityFilter(): ProfanityFilter {
  const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  const censor = new TextCensor().setStrategy(asteriskCensorStrategy());
  return (text) => {
    const matches = matcher.getAllMatches(text);
    return matches.length === 0 ? text : censor.applyTo(text, matches);
  };
}
