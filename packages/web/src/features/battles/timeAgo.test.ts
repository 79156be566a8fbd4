import { describe, expect, it } from "vitest";
import { timeAgo } from "./timeAgo";

describe("timeAgo", () => {
  const now = Date.parse("2030-01-15T12:00:00Z");
  it.each([
    ["2030-01-15T11:59:40Z", "just now"],
    ["2030-01-15T11:57:00Z", "3 minutes ago"],
    ["2030-01-15T10:00:00Z", "2 hours ago"],
    ["2030-01-14T12:00:00Z", "yesterday"],
    ["2030-01-01T12:00:00Z", "2 weeks ago"],
  ])("%s reads %s", (iso, text) => {
    expect(timeAgo(iso, now, "en")).toBe(text);
  });
});
