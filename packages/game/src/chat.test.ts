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
    expect(guildWarNews.final(2, 1000)).toBe("Final: 2nd place, +1,000 coins");
    expect(guildWarNews.final(5, 0)).toBe("Final: 5th place");
    expect(guildWarNews.drafted("Guild War #3")).toBe("Your guild is in the war: Guild War #3");
    expect(guildWarNews.duel("Iron Fang [AAA]", "Nova [BBB]")).toBe("Duel: Iron Fang [AAA] beat Nova [BBB]");
  });
});
