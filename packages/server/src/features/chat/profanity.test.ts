// The mask reads words: a swear word alone or with an ending it takes is masked; one inside a longer, clean word
// is left as typed (the Scunthorpe problem), and the look-alike and spacing tricks are still caught.
import { describe, expect, it } from "vitest";
import { createProfanityFilter } from "./profanity";

const mask = createProfanityFilter();

describe("the profanity mask", () => {
  it("masks a swear word and its endings, as written, with asterisks of its length", () => {
    expect(mask("what the fuck, nice shot")).toBe("what the ****, nice shot");
    expect(mask("fucking lag")).toBe("******* lag");
    expect(mask("Shit.")).toBe("****.");
  });

  it("leaves a clean word that holds one alone: cockpit, peacock, Scunthorpe, classic, assassin", () => {
    for (const clean of [
      "cockpit view",
      "a peacock",
      "Scunthorpe United",
      "classic",
      "the assassin",
      "cocktail",
    ]) {
      expect(mask(clean)).toBe(clean);
    }
  });

  it("still catches the look-alike and leetspeak spellings", () => {
    expect(mask("fuuuuck")).toBe("****");
    expect(mask("sh1t happens")).toBe("**** happens");
  });
});
