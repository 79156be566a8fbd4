import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { checkName, hasHiddenCharacters, normalizeName, validateUsername } from "./names";
import { nameSkeleton } from "./skeleton";
import { accepted, refusal } from "./testing";
import { validateBotName, validateGuildCreation, validateRename, validateSummonName } from "./validation";

const ZWSP = "\u200B";
const ZWJ = "\u200D";
const RLO = "\u202E";
const PDF = "\u202C";
/** 'Admin' with a Cyrillic capital A (U+0410). */
const CYRILLIC_ADMIN = "\u0410dmin";

const hidden = (label: string) => messages.nameHasHiddenCharacters(label);
const needsLetter = (label: string) => messages.nameNeedsLetterOrDigit(label);

describe("names: the tricks that pass for another name are refused", () => {
  it("a zero-width space appended", () => {
    expect(refusal(validateUsername(`Admin${ZWSP}`))).toBe(
      "Username cannot contain invisible, private-use, unassigned, control or text-direction characters",
    );
    expect(refusal(validateBotName(`Bolt${ZWSP}`))).toBe(hidden("Name"));
  });

  it("a zero-width joiner inside", () => {
    expect(refusal(validateUsername(`Ad${ZWJ}min`))).toBe(hidden("Username"));
    expect(refusal(validateRename(`Bo${ZWJ}lt`))).toBe(hidden("Name"));
  });

  it("a right-to-left override followed by the name reversed (it displays as the name)", () => {
    expect(refusal(validateUsername(`${RLO}nimdA`))).toBe(hidden("Username"));
    expect(refusal(validateUsername(`${RLO}nimdA${PDF}`))).toBe(hidden("Username"));
    expect(refusal(validateSummonName(`${RLO}tloB`))).toBe(hidden("Name"));
  });

  it("every other invisible, direction or control character named in the house rule", () => {
    const characters = [
      "\u200C", // zero-width non-joiner
      "\u2060", // word joiner
      "\uFEFF", // byte-order mark (inside the name: at the ends it is trimmed like a space)
      "\u180E", // Mongolian vowel separator
      "\u202A",
      "\u202B",
      "\u202D", // embeddings and the left-to-right override
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069", // isolates
      "\u200E",
      "\u200F",
      "\u061C", // direction marks
      "\u00AD", // soft hyphen
      "\u3164", // Hangul filler: a 'letter' that shows nothing
      "\u0007", // a control character
      "\t",
      "\u2028", // line separator
    ];
    for (const character of characters) {
      expect(hasHiddenCharacters(`Ad${character}min`), JSON.stringify(character)).toBe(true);
      expect(refusal(validateUsername(`Ad${character}min`)), JSON.stringify(character)).toBe(
        hidden("Username"),
      );
    }
  });

  it("a name of invisible characters only", () => {
    expect(refusal(validateUsername(`${ZWSP}${ZWSP}`))).toBe(hidden("Username"));
    expect(refusal(validateBotName(`${ZWSP}${ZWJ}`))).toBe(hidden("Name"));
    expect(refusal(validateGuildCreation({ name: ZWSP, tag: ZWSP }))).toBe(hidden("Guild name"));
    expect(refusal(validateGuildCreation({ name: "Iron Fist", tag: "\u3164\u3164" }))).toBe(
      hidden("Guild tag"),
    );
  });

  it("a name with no letter or digit, and a blank name, each with its form's words", () => {
    expect(refusal(validateUsername("..."))).toBe("Username must contain at least one letter or digit");
    expect(refusal(validateUsername("   "))).toBe("Username is required");
    expect(refusal(validateBotName("★★★"))).toBe(needsLetter("Name"));
    expect(refusal(validateRename("- -"))).toBe(needsLetter("Name"));
    expect(refusal(validateSummonName("!!!!"))).toBe(needsLetter("Name"));
    expect(refusal(validateGuildCreation({ name: "***", tag: "IRN" }))).toBe(needsLetter("Guild name"));
    expect(refusal(validateGuildCreation({ name: "Iron", tag: "!!" }))).toBe(needsLetter("Guild tag"));
  });

  it("lengths are counted after NFKC: a character that expands cannot slip past the limit", () => {
    // U+FDFA is one character that NFKC spells out in 18.
    expect(normalizeName("\uFDFA")).toHaveLength(18);
    expect(refusal(validateUsername(`${"x".repeat(13)}\uFDFA`))).toBe(
      "Username must be at most 30 characters",
    );
    expect(refusal(validateUsername("x".repeat(31)))).toBe("Username must be at most 30 characters");
    expect(accepted(validateUsername("x".repeat(30)))).toBe("x".repeat(30));
  });
});

describe("names: characters that draw nothing or a box are refused at any position (issue 43)", () => {
  const BRAILLE_BLANK = "\u2800";
  const blanks: [string, string][] = [
    ["the Braille blank", BRAILLE_BLANK],
    ["a private-use character", "\uE000"],
    ["a private-use character of plane 15", "\u{F0000}"],
    ["an unassigned code point", "\u0378"],
    ["a lone surrogate half", "\uD800"],
    ["the halfwidth Hangul filler", "\uFFA0"],
    ["the Hangul choseong filler", "\u115F"],
    ["the combining grapheme joiner", "\u034F"],
    ["a Mongolian variation selector", "\u180B"],
  ];
  const at = (blank: string) => [`Admin${blank}`, `${blank}Admin`, `Ad${blank}min`];

  it.each(blanks)(
    "%s: refused at the start, the end and inside a username, guild name, tag and bot name",
    (_, blank) => {
      for (const name of at(blank)) {
        expect(refusal(validateUsername(name)), JSON.stringify(name)).toBe(hidden("Username"));
        expect(refusal(validateBotName(name))).toBe(hidden("Name"));
        expect(refusal(validateGuildCreation({ name, tag: "IRN" }))).toBe(hidden("Guild name"));
        expect(refusal(validateGuildCreation({ name: "Iron", tag: `IR${blank}` }))).toBe(hidden("Guild tag"));
      }
    },
  );

  it.each(blanks)(
    "%s: the skeleton drops it, so a name stored before the rule collides with the plain one",
    (_, blank) => {
      for (const name of at(blank))
        expect(nameSkeleton(name), JSON.stringify(name)).toBe(nameSkeleton("Admin"));
    },
  );

  it("says so in the field's words", () => {
    expect(refusal(validateUsername(`Admin${BRAILLE_BLANK}`))).toBe(
      "Username cannot contain invisible, private-use, unassigned, control or text-direction characters",
    );
  });

  it("a keycap emoji keeps its presentation selector (a digit is an emoji's base)", () => {
    expect(accepted(validateBotName("Bolt 1\uFE0F\u20E3"))).toBe("Bolt 1\uFE0F\u20E3");
  });
});

describe("names: what is stored is normalized", () => {
  it("NFKC: fullwidth letters become ordinary ones, ligatures are spelled out", () => {
    expect(accepted(validateUsername("Ａｄｍｉｎ"))).toBe("Admin");
    expect(accepted(validateBotName("ﬁre Bot"))).toBe("fire Bot");
    expect(accepted(validateGuildCreation({ name: "Ｉｒｏｎ", tag: "ＩＲＮ" }))).toMatchObject({
      name: "Iron",
      tag: "IRN",
    });
  });

  it("trimmed, with inner runs of spaces (ideographic and no-break ones too) made one space", () => {
    expect(accepted(validateUsername("  Iron\u3000\u00A0 Fist  "))).toBe("Iron Fist");
    expect(accepted(validateRename(" Bolt   Two "))).toBe("Bolt Two");
  });

  it("ordinary names pass: accents, non-Latin scripts, digits, punctuation beside letters, emoji", () => {
    for (const name of [
      "José",
      "Zoë_99",
      "山田",
      "Ólafur",
      "Владимир",
      "Αθηνά",
      "محمد",
      "नमस्ते",
      "R2-D2",
      "x",
    ]) {
      expect(accepted(validateUsername(name)), name).toBe(name.normalize("NFKC"));
    }
    // A decomposed é is stored composed.
    expect(accepted(validateUsername("Jose\u0301"))).toBe("José");
    expect(accepted(validateBotName("Bolt ⚡"))).toBe("Bolt ⚡");
    // An emoji's presentation selector is not a hidden character; a selector after a letter is.
    expect(accepted(validateBotName("Heart ❤\uFE0F"))).toBe("Heart ❤\uFE0F");
    expect(refusal(validateBotName("Bol\uFE0Ft"))).toBe(hidden("Name"));
    expect(refusal(validateSummonName("山田"))).toBe(messages.summonNameLength);
    expect(accepted(validateSummonName("山田太郎"))).toBe("山田太郎");
  });

  it("checkName applies a rule's own limits and words", () => {
    const rule = { label: "Call sign", min: 2, max: 4, blank: "Blank!", length: "2 to 4!" };
    expect(refusal(checkName(" ", rule))).toBe("Blank!");
    expect(refusal(checkName("a", rule))).toBe("2 to 4!");
    expect(refusal(checkName("abcde", rule))).toBe("2 to 4!");
    expect(refusal(checkName("a\u200Bb", rule))).toBe(
      "Call sign cannot contain invisible, private-use, unassigned, control or text-direction characters",
    );
    expect(accepted(checkName("ab", rule))).toBe("ab");
  });
});

describe("nameSkeleton: look-alike names share a skeleton (Unicode TS #39)", () => {
  it("Cyrillic and Greek look-alike letters", () => {
    expect(CYRILLIC_ADMIN).not.toBe("Admin");
    expect(nameSkeleton(CYRILLIC_ADMIN)).toBe(nameSkeleton("Admin"));
    // Cyrillic а, о, е, р, с and х in 'paceox'.
    expect(nameSkeleton("\u0440\u0430\u0441\u0435\u043E\u0445")).toBe(nameSkeleton("paceox"));
    // Greek capital Alpha and Iota in 'ADMIN'.
    expect(nameSkeleton("\u0391DM\u0399N")).toBe(nameSkeleton("ADMIN"));
  });

  it("case is ignored, as usernames and guild names already ignore it", () => {
    expect(nameSkeleton("ADMIN")).toBe(nameSkeleton("admin"));
    expect(nameSkeleton("Admin")).toBe(nameSkeleton("aDMIN"));
  });

  it("digits and letters that look alike: 0 and O, 1, I and l, rn and m", () => {
    expect(nameSkeleton("B0B")).toBe(nameSkeleton("bob"));
    expect(nameSkeleton("ADMlN")).toBe(nameSkeleton("Admin"));
    expect(nameSkeleton("adm1n")).toBe(nameSkeleton("admin"));
    expect(nameSkeleton("adrnin")).toBe(nameSkeleton("admin"));
  });

  it("fullwidth letters and hidden characters (names stored before the rule) share the plain name's skeleton", () => {
    expect(nameSkeleton("Ａｄｍｉｎ")).toBe(nameSkeleton("Admin"));
    expect(nameSkeleton(`Admin${ZWSP}`)).toBe(nameSkeleton("Admin"));
    expect(nameSkeleton(`Ad${ZWJ}min`)).toBe(nameSkeleton("Admin"));
    expect(nameSkeleton("Iron  Fist ")).toBe(nameSkeleton("Iron Fist"));
  });

  it("names that do not look alike keep apart", () => {
    expect(nameSkeleton("Admin")).not.toBe(nameSkeleton("Admiral"));
    expect(nameSkeleton("José")).not.toBe(nameSkeleton("Jose"));
    expect(nameSkeleton("山田")).not.toBe(nameSkeleton("田山"));
    expect(nameSkeleton("Iron Fist")).not.toBe(nameSkeleton("IronFist"));
    expect(nameSkeleton("bob")).not.toBe(nameSkeleton("bab"));
  });
});
