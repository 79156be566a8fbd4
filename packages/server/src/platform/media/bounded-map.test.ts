import { describe, expect, it } from "vitest";
import { BoundedMap } from "./bounded-map";

const bytes = (n: number) => new Uint8Array(n);

describe("BoundedMap", () => {
  it("forgets the least recently used entries once the weights pass the bound", () => {
    const map = new BoundedMap<string, Uint8Array>({ maxWeight: 10, weigh: (value) => value.length });
    map.set("a", bytes(4));
    map.set("b", bytes(4));
    expect(map.get("a")).toBeDefined(); // a is now the most recent
    map.set("c", bytes(4));
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBeDefined();
    expect(map.get("c")).toBeDefined();
    expect(map.weight).toBe(8);
  });

  it("keeps nothing heavier than the whole bound, and replaces an entry's weight", () => {
    const map = new BoundedMap<string, Uint8Array>({ maxWeight: 10, weigh: (value) => value.length });
    map.set("huge", bytes(11));
    expect(map.size).toBe(0);
    map.set("a", bytes(6));
    map.set("a", bytes(2));
    expect(map.weight).toBe(2);
    map.delete("a");
    expect(map.weight).toBe(0);
    expect(map.get("a")).toBeUndefined();
  });
});
