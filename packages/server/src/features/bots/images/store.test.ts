import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type MechaInput, renderMechaSvg } from "@bot-arena/images";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

/** Counts generate calls, to see when the store reuses a file. */
function countingProvider(): ImageProvider & { calls: number } {
  const provider = {
    id: svgProvider.id,
    calls: 0,
    generate(i: MechaInput) {
      provider.calls++;
      return svgProvider.generate(i);
    },
  };
  return provider;
}

let mediaDir = "";
beforeEach(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "bot-images-"));
});
afterEach(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe("storeBotImage", () => {
  it("writes the SVG under bots/<hash>.svg and answers its /media URL", async () => {
    const url = await storeBotImage(mediaDir, svgProvider, input);
    expect(url).toMatch(/^\/media\/bots\/[a-f0-9]{32}\.svg$/);
    expect(url.startsWith(BOT_IMAGE_URL_PREFIX)).toBe(true);
    const file = path.join(mediaDir, url.slice("/media/".length));
    expect(await readFile(file, "utf8")).toBe(renderMechaSvg(input));
  });

  it("names files by input, so the same bot reuses its file without drawing it again", async () => {
    const provider = countingProvider();
    const first = await storeBotImage(mediaDir, provider, input);
    const again = await storeBotImage(mediaDir, provider, { ...input, colorPrimary: "#FF8C00" });
    expect(again).toBe(first);
    expect(provider.calls).toBe(1);
    expect(await readdir(path.join(mediaDir, "bots"))).toHaveLength(1);
  });

  it("gives a different input, or a different provider, a different file", async () => {
    const a = await storeBotImage(mediaDir, svgProvider, input);
    const b = await storeBotImage(mediaDir, svgProvider, {
      ...input,
      equippedWeapon: { name: "Ion Lance", type: "weapon" },
    });
    expect(b).not.toBe(a);
    expect(botImageKey({ id: "other-provider" }, input)).not.toBe(botImageKey(svgProvider, input));
  });

  it("survives many writers of the same image at once", async () => {
    const urls = await Promise.all(
      Array.from({ length: 8 }, () => storeBotImage(mediaDir, svgProvider, input)),
    );
    expect(new Set(urls).size).toBe(1);
    expect(await readdir(path.join(mediaDir, "bots"))).toHaveLength(1);
  });

  it("makes its folder again when the folder it made before is gone", async () => {
    await storeBotImage(mediaDir, svgProvider, input);
    await rm(path.join(mediaDir, "bots"), { recursive: true });
    const url = await storeBotImage(mediaDir, svgProvider, { ...input, botName: "Sparky II" });
    expect(await readdir(path.join(mediaDir, "bots"))).toEqual([url.slice(BOT_IMAGE_URL_PREFIX.length)]);
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
