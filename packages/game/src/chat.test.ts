import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHAT_MUTE_MINUTES_MAX,
  chatLength,
  cleanChatMessage,
  guildWarNews,
  isChatRateLimited,
  isRepeatedMessage,
  mentions,
  ordinal,
  splitMentions,
  validateChatMessage,
  validateMuteMinutes,
} from "./chat";

describe("chat message rules", () => {
  it("accepts 200 characters and refuses 201", () => {
    expect(validateChatMessage("a".repeat(200))).toEqual({ ok: true, value: "a".repeat(200) });
    expect(validateChatMessage("a".repeat(201))).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Message must be at most 200 characters",
    });
  });

  it("does not send a message of only spaces or only zero-width characters", () => {
    expect(validateChatMessage("    \t \n ")).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Message cannot be empty",
    });
    expect(validateChatMessage("\u200b\u200c\u200d\ufeff\u2060")).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Message cannot be empty",
    });
  });

  it("refuses each line that shows nothing once cleaned, saying why (issue 43)", () => {
    const blank = {
      ok: false,
      code: "VALIDATION_FAILED",
      message:
        "Message cannot contain blank, private-use or unassigned characters: they show nothing or a box",
    };
    const nothing = {
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Message must contain a letter, digit, symbol or emoji",
    };
    const lines: [string, string, object][] = [
      ["Hangul fillers", "\u3164\u3164\u3164", blank],
      ["halfwidth Hangul fillers", "\uFFA0\uFFA0", blank],
      ["Hangul choseong and jungseong fillers", "\u115F\u1160", blank],
      ["Braille blanks", "\u2800\u2800\u2800", blank],
      ["combining grapheme joiners", "\u034F\u034F", blank],
      ["Mongolian variation selectors", "\u180B\u180C\u180D\u180F", blank],
      ["private-use characters", "\uE000\uF8FF\u{F0000}", blank],
      ["unassigned code points", "\u0378\u0379", blank],
      ["variation selectors on nothing", "\uFE0F\uFE0E", blank],
      ["lone combining marks", "\u0301\u0300\u0308", nothing],
      ["lone combining marks after a space", " \u0301 \u0301", nothing],
    ];
    for (const [what, line, refusal] of lines) {
      expect(validateChatMessage(line), what).toEqual(refusal);
      // Spaces and zero-width characters around them change nothing.
      expect(validateChatMessage(` \u200b${line}\u200b `), what).toEqual(refusal);
    }
  });

  it("refuses a blank character beside visible text too, so two lines cannot differ by one", () => {
    for (const line of ["hello\u2800", "\u3164hello", "hel\uE000lo", "hi\u034Fthere"]) {
      expect(validateChatMessage(line).ok, JSON.stringify(line)).toBe(false);
    }
  });

  it("sends lines of punctuation, symbols and emoji, with their presentation selectors", () => {
    for (const line of ["?", "!!!", "...", "★", "🤖", "❤\uFE0F", "1\uFE0F\u20E3", "🇫🇷", "e\u0301", "+1"]) {
      expect(validateChatMessage(line), JSON.stringify(line)).toEqual({
        ok: true,
        value: line.normalize("NFC"),
      });
    }
  });

  it("removes control and zero-width characters and collapses spaces", () => {
    expect(cleanChatMessage("  hi\u0000 the\u200bre \u202eevil\u0007  \n\n friend ")).toBe(
      "hi there evil friend",
    );
  });

  it("keeps at most three combining marks on a character: a pile of 199 cannot draw a tower", () => {
    const tower = `a${"\u0301".repeat(199)}`;
    // NFC first folds one acute into 'á'; three of the rest stay.
    expect(cleanChatMessage(tower)).toBe(`\u00e1${"\u0301".repeat(3)}`);
    expect(chatLength(cleanChatMessage(tower))).toBe(4);
    // Real letters keep their marks: Vietnamese (two stacked), Hindi, and an accent composed by NFC.
    for (const word of ["Việt Nam", "Tiếng Việt", "हिन्दी", "Ñandú"]) {
      expect(cleanChatMessage(word)).toBe(word.normalize("NFC"));
    }
    expect(cleanChatMessage("e\u0301")).toBe("é");
  });

  it("trims before counting, so spaces around 200 characters are fine", () => {
    expect(validateChatMessage(`   ${"b".repeat(200)}   `).ok).toBe(true);
  });

  it("counts an emoji as one character, like the database does", () => {
    expect(chatLength("🤖".repeat(200))).toBe(200);
    expect(validateChatMessage("🤖".repeat(200)).ok).toBe(true);
  });

  it("keeps HTML as the plain text it is", () => {
    expect(validateChatMessage("<b>hi</b> & <script>x</script>")).toEqual({
      ok: true,
      value: "<b>hi</b> & <script>x</script>",
    });
  });

  it("never leaves a control or format character, whatever comes in", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (raw) => {
        const clean = cleanChatMessage(raw);
        expect(/[\p{Cc}\p{Cf}]/u.test(clean)).toBe(false);
        expect(clean).toBe(clean.trim());
      }),
    );
  });
});

describe("chat pace", () => {
  it("allows 5 messages in 10 seconds and refuses the 6th", () => {
    expect(isChatRateLimited(4)).toBe(false);
    expect(isChatRateLimited(5)).toBe(true);
  });

  it("refuses the same message again within a minute, ignoring case and spacing", () => {
    const previous = { message: "gg  all", sentAt: 1_000 };
    expect(isRepeatedMessage(previous, "GG all", 30_000)).toBe(true);
    expect(isRepeatedMessage(previous, "GG all", 61_001)).toBe(false);
    expect(isRepeatedMessage(previous, "gg everyone", 2_000)).toBe(false);
    expect(isRepeatedMessage(null, "gg", 2_000)).toBe(false);
  });

  it("mutes last 1 minute to 30 days", () => {
    expect(validateMuteMinutes(1).ok).toBe(true);
    expect(validateMuteMinutes(CHAT_MUTE_MINUTES_MAX).ok).toBe(true);
    expect(validateMuteMinutes(0)).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Mute length must be 1 to 43200 minutes",
    });
    expect(validateMuteMinutes(1.5).ok).toBe(false);
    expect(validateMuteMinutes(CHAT_MUTE_MINUTES_MAX + 1).ok).toBe(false);
  });
});

describe("mentions", () => {
  it("finds @name of the reader, ignoring case", () => {
    expect(splitMentions("hey @ann and @ANN!", "Ann")).toEqual([
      { text: "hey ", mention: false },
      { text: "@ann", mention: true },
      { text: " and ", mention: false },
      { text: "@ANN", mention: true },
      { text: "!", mention: false },
    ]);
  });

  it("does not take a longer name for the reader's", () => {
    expect(mentions("hi @Anna", "Ann")).toBe(false);
    expect(mentions("hi Ann", "Ann")).toBe(false);
    expect(mentions("hi @Ann", null)).toBe(false);
  });

  it("handles names with characters that mean something in a pattern", () => {
    expect(mentions("yo @a.b+c", "a.b+c")).toBe(true);
    expect(mentions("yo @axb+c", "a.b+c")).toBe(false);
  });
});

describe("a guild war's news in the guild chat", () => {
  it("says places as ordinals and prizes with thousands separators", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
    expect(guildWarNews.drafted("Guild War #3")).toBe(
      "Guild War #3: your guild is in the war; the battle starts when registration ends",
    );
    expect(guildWarNews.round("Guild War #3", 2, 7, 6, 3, 8)).toBe(
      "Guild War #3 · round 2 of 7: 6 duels won, 3rd of 8",
    );
    expect(guildWarNews.round("Guild War #3", 1, 7, 1, 1, 8)).toBe(
      "Guild War #3 · round 1 of 7: 1 duel won, 1st of 8",
    );
    expect(guildWarNews.final("Guild War #3", 2, 1000, 21)).toBe(
      "Guild War #3 · final: 2nd place, +1,000 coins (21 duels won)",
    );
    expect(guildWarNews.final("Guild War #3", 5, 0, 0)).toBe("Guild War #3 · final: 5th place (0 duels won)");
  });
});
