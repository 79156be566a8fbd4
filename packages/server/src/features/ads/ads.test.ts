import { houseAd } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestDatabase } from "../../../test/helpers";

let shared: TestDatabase;
beforeAll(async () => {
  shared = await createTestDatabase();
});
afterAll(() => shared.drop());

describe("GET /api/ads", () => {
  it("serves the house ads when ADS is on", async () => {
    const t = await createTestApp({ database: shared.database, config: { ads: "on" } });
    const body = (await t.app.inject("/api/ads")).json();
    expect(body.enabled).toBe(true);
    expect(body.ads.length).toBeGreaterThanOrEqual(4);
    for (const ad of body.ads) {
      expect(houseAd.parse(ad)).toEqual(ad);
      expect(ad.href).toMatch(/^\/[a-z-]+$/); // in-game pages only: no third-party links
    }
    expect(new Set(body.ads.map((ad: { id: string }) => ad.id)).size).toBe(body.ads.length);
    await t.close();
  });

  it("serves none when ADS is off", async () => {
    const t = await createTestApp({ database: shared.database, config: { ads: "off" } });
    expect((await t.app.inject("/api/ads")).json()).toEqual({ enabled: false, ads: [] });
    await t.close();
  });
});
