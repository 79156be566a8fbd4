import { type MechaInput, renderMechaSvg } from "@bot-arena/images";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements } from "../../../../test/helpers";
import { databaseMediaStore, mediaOnTestDatabase, storedMediaIn } from "../../../../test/media";
import { createImageProvider, type ImageProvider, svgProvider } from "./provider";
import { BOT_IMAGE_URL_PREFIX, botImageKey, storeBotImage } from "./store";

const input: MechaInput = {
  botName: "Sparky",
  model: "Nova S-4",
  colorPrimary: "#ff8c00",
  colorSecondary: "#ffd23f",
  rarity: "rare",
  botClass: "support",
};

/** Counts generate calls, to see when the store reuses a picture. */
function countingProvider(): ImageProvider & { calls: number } {
  const provider = {
    id: svgProvider.id,
    extension: "svg",
    calls: 0,
    generate(i: MechaInput) {
      provider.calls++;
      return svgProvider.generate(i);
    },
  };
  return provider;
}

let stored: Awaited<ReturnType<typeof mediaOnTestDatabase>>;
beforeAll(async () => {
  stored = await mediaOnTestDatabase();
});
afterAll(() => stored.drop());

const bytesOf = async (url: string) => (await stored.media.find(url.slice("/media/".length)))?.bytes;

describe("storeBotImage", () => {
  it("stores the SVG under bots/<hash>.svg and answers its /media URL", async () => {
    const url = await storeBotImage(stored.media, svgProvider, input);
    expect(url).toMatch(/^\/media\/bots\/[a-f0-9]{32}\.svg$/);
    expect(url.startsWith(BOT_IMAGE_URL_PREFIX)).toBe(true);
    expect(new TextDecoder().decode(await bytesOf(url))).toBe(renderMechaSvg(input));
  });

  it("names pictures by input, so the same bot reuses its picture without drawing it again", async () => {
    const provider = countingProvider();
    const first = await storeBotImage(stored.media, provider, { ...input, botName: "Reuse" });
    const again = await storeBotImage(stored.media, provider, {
      ...input,
      botName: "Reuse",
      colorPrimary: "#FF8C00",
    });
    expect(again).toBe(first);
    expect(provider.calls).toBe(1);
  });

  it("gives a different input, or a different provider, a different picture", async () => {
    const a = await storeBotImage(stored.media, svgProvider, input);
    const b = await storeBotImage(stored.media, svgProvider, {
      ...input,
      equippedWeapon: { name: "Ion Lance", type: "weapon" },
    });
    expect(b).not.toBe(a);
    expect(botImageKey({ id: "other-provider" }, input)).not.toBe(botImageKey(svgProvider, input));
  });

  it("survives many writers of the same picture at once: one stored object", async () => {
    const look = { ...input, botName: "Crowd" };
    const before = await storedMediaIn(stored.db, "bots");
    const urls = await Promise.all(
      Array.from({ length: 8 }, () => storeBotImage(stored.media, svgProvider, look)),
    );
    expect(new Set(urls).size).toBe(1);
    expect(await storedMediaIn(stored.db, "bots")).toEqual([...before, urls[0]!].sort());
  });

  it("finds a look another process drew with one lookup, then with none", async () => {
    const provider = countingProvider();
    const look = { ...input, botName: "Elsewhere" };
    const drawnThere = await storeBotImage(stored.media, provider, look);
    const here = databaseMediaStore(stored.db);
    const first = await countStatements(stored, () => storeBotImage(here, provider, look));
    expect(first).toMatchObject({ answer: drawnThere, count: 1 });
    const again = await countStatements(stored, () => storeBotImage(here, provider, look));
    expect(again).toMatchObject({ answer: drawnThere, count: 0 });
    expect(provider.calls).toBe(1);
  });
});

describe("createImageProvider", () => {
  it("defaults to the offline SVG generator", async () => {
    expect(createImageProvider()).toBe(svgProvider);
    expect(createImageProvider({ provider: "svg" })).toBe(svgProvider);
    const image = await createImageProvider().generate(input);
    expect(image.contentType).toBe("image/svg+xml");
    expect(image.extension).toBe("svg");
    expect(new TextDecoder().decode(image.bytes)).toBe(renderMechaSvg(input));
  });

  it("refuses a provider it does not know rather than drawing something else", () => {
    expect(() => createImageProvider({ provider: "dall-e" })).toThrow(/Unknown image provider/);
  });
});
