// Every AI opponent's picture can be drawn ahead, once per media folder, and a rolled opponent uses one of them.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  BOT_CLASSES,
  BOT_MODEL_NAMES,
  CREATION_COLOR_SCHEMES,
  createRng,
  generateAiOpponent,
} from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateBotImage } from "../bots/bot-images";
import { aiLookInput, drawAiLooks, everyAiLook } from "./ai-looks";

let mediaDir = "";
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "ai-looks-"));
});
afterAll(() => rm(mediaDir, { recursive: true, force: true }));

describe("AI opponents' pictures", () => {
  it("are one per model, class and colour scheme: 5 x 3 x 8 = 120", () => {
    const looks = everyAiLook();
    expect(looks).toHaveLength(BOT_MODEL_NAMES.length * BOT_CLASSES.length * CREATION_COLOR_SCHEMES.length);
    expect(looks).toHaveLength(120);
    expect(new Set(looks.map((l) => JSON.stringify(l))).size).toBe(120);
  });

  it("are drawn ahead into the media folder, each once; a rolled opponent's is among them", async () => {
    expect(await drawAiLooks({ mediaDir })).toBe(120);
    const files = await readdir(path.join(mediaDir, "bots"));
    expect(files).toHaveLength(120);
    expect(await drawAiLooks({ mediaDir })).toBe(120);
    expect(await readdir(path.join(mediaDir, "bots"))).toHaveLength(120);

    for (const seed of ["a", "b", "c"]) {
      const rolled = generateAiOpponent(createRng(seed), 7);
      const url = await generateBotImage({ mediaDir }, aiLookInput(rolled));
      expect(files).toContain(path.basename(url!));
    }
  });
});
