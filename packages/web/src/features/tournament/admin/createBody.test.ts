import { describe, expect, it } from "vitest";
import { bodyOf, initialForm } from "./createBody";

describe("the create-tournament body", () => {
  it("defaults: single elimination, admin-funded 1000/500/250, spectators on, 2-16 players, no repeat", () => {
    const body = bodyOf({ ...initialForm, name: "Neon Cup" });
    expect(body).toEqual({
      name: "Neon Cup",
      format: "single_elimination",
      entryFeeMode: "admin",
      rewards: { first: "1000", second: "500", third: "250" },
      spectatorEnabled: true,
      minPlayers: 2,
      maxPlayers: 16,
      repeatEveryHours: null,
    });
    // Untouched durations are the server's to decide (its configuration), never numbers of the web app's.
    expect(body.registrationMinutes).toBeUndefined();
    expect(body.roundSeconds).toBeUndefined();
    expect(bodyOf({ ...initialForm, registrationMinutes: "3", roundSeconds: "20" })).toMatchObject({
      registrationMinutes: 3,
      roundSeconds: 20,
    });
  });

  it("player mode sends the rewards as 0; blanks leave the server's defaults; a repeat is whole hours", () => {
    const body = bodyOf({
      ...initialForm,
      name: "Paid Cup",
      entryFeeMode: "player",
      minPlayers: "",
      roundSeconds: " ",
      repeatEveryHours: "6",
    });
    expect(body.rewards).toEqual({ first: 0, second: 0, third: 0 });
    expect(body.minPlayers).toBeUndefined();
    expect(body.roundSeconds).toBeUndefined();
    expect(body.repeatEveryHours).toBe(6);
    expect(bodyOf({ ...initialForm, repeatEveryHours: "0" }).repeatEveryHours).toBeNull();
  });

  it("Swiss rounds go only with a Swiss, and only when typed", () => {
    expect(bodyOf({ ...initialForm, format: "swiss", swissRounds: "5" }).swissRounds).toBe(5);
    expect(bodyOf({ ...initialForm, format: "swiss", swissRounds: " " })).not.toHaveProperty("swissRounds");
    expect(bodyOf({ ...initialForm, format: "round_robin", swissRounds: "5" })).not.toHaveProperty(
      "swissRounds",
    );
  });
});
