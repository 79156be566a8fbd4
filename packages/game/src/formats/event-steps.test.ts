import { describe, expect, it } from "vitest";
import { dueStep, EVENT_MACHINES, EVENT_STEPS, roundEndsAt, stepFrom, stepTo } from "./event-steps";

describe("the steps every event goes through", () => {
  it("are five, in order: open registration, start, play round, complete, cancel", () => {
    expect(EVENT_STEPS).toEqual(["openRegistration", "start", "playRound", "complete", "cancel"]);
  });

  it("a tournament starts from registration, plays and completes while active, is cancelled until it ends", () => {
    expect(stepFrom("tournament", "start")).toEqual(["registration", "pending"]);
    expect(stepTo("tournament", "start")).toBe("active");
    expect(stepFrom("tournament", "playRound")).toEqual(["active"]);
    expect(stepTo("tournament", "complete")).toBe("completed");
    expect(stepFrom("tournament", "cancel")).toEqual(["registration", "pending", "active"]);
    expect(stepTo("tournament", "cancel")).toBe("cancelled");
  });

  it("a war goes registration, battle, completed and has no cancel", () => {
    expect(stepTo("guild_war", "openRegistration")).toBe("registration");
    expect(stepFrom("guild_war", "start")).toEqual(["registration"]);
    expect(stepTo("guild_war", "start")).toBe("battle");
    expect(stepFrom("guild_war", "complete")).toEqual(["battle"]);
    expect(EVENT_MACHINES.guild_war.cancel).toBeUndefined();
    expect(() => stepFrom("guild_war", "cancel")).toThrow(RangeError);
  });

  it("a due row asks for start while registering, playRound while playing, nothing once finished", () => {
    expect(dueStep("tournament", "pending")).toBe("start");
    expect(dueStep("tournament", "registration")).toBe("start");
    expect(dueStep("tournament", "active")).toBe("playRound");
    expect(dueStep("tournament", "completed")).toBeNull();
    expect(dueStep("tournament", "cancelled")).toBeNull();
    expect(dueStep("guild_war", "registration")).toBe("start");
    expect(dueStep("guild_war", "battle")).toBe("playRound");
    expect(dueStep("guild_war", "completed")).toBeNull();
  });
});

describe("the one deadline rule", () => {
  it("round k ends at start + k × the round's length", () => {
    expect(roundEndsAt(1_000, 1, { windowMs: 30_000 })).toBe(31_000);
    expect(roundEndsAt(1_000, 3, { windowMs: 30_000 })).toBe(91_000);
  });

  it("a war's window split into its rounds ends its last round exactly at the window's end", () => {
    expect(roundEndsAt(0, 1, { windowMs: 70_000, rounds: 7 })).toBe(10_000);
    expect(roundEndsAt(0, 7, { windowMs: 70_000, rounds: 7 })).toBe(70_000);
    expect(roundEndsAt(0, 1, { windowMs: 1_000, rounds: 7 })).toBe(143);
  });
});
