// Contact sheets for eyeballing the generator (not part of tests):
//   npx tsx packages/server/src/features/bots/images/preview.ts [outDir]
// writes PNGs of every model, colour scheme, rarity, class and weapon kind to outDir (default test-results/mecha).
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CREATION_COLOR_SCHEMES as COLOR_SCHEMES } from "@bot-arena/game";
import {
  BOT_CLASSES,
  MECHA_MODELS,
  type MechaInput,
  RARITIES,
  renderMechaSvg,
  type WeaponInput,
} from "@bot-arena/images";
import { chromium } from "playwright-core";

const WEAPONS: WeaponInput[] = [
  { name: "Plasma Blade", type: "weapon", rarity: "rare", ultimateType: "damage" },
  { name: "Ion Cannon", type: "weapon", rarity: "epic", ultimateType: "special" },
  { name: "Nano Staff", type: "weapon", rarity: "legendary", ultimateType: "heal" },
  { name: "Thunder Hammer", type: "weapon", rarity: "diamond", ultimateType: "damage" },
  { name: "Void Lance", type: "weapon", rarity: "uncommon", ultimateType: "special" },
  { name: "Reaper Axe", type: "weapon", rarity: "common", ultimateType: null },
  { name: "Aegis Plate", type: "armor", rarity: "rare", ultimateType: "heal" },
];

const scheme = (i: number) => COLOR_SCHEMES[i % COLOR_SCHEMES.length]!;

function bot(i: number, extra: Partial<MechaInput> = {}): MechaInput {
  const s = scheme(i);
  return {
    botName: `Unit ${i}`,
    model: MECHA_MODELS[i % MECHA_MODELS.length]!,
    colorPrimary: s.primary,
    colorSecondary: s.secondary,
    rarity: "common",
    botClass: "hero",
    ...extra,
  };
}

const SHEETS: Record<string, { size: number; cells: MechaInput[] }> = {
  models: {
    size: 300,
    cells: MECHA_MODELS.flatMap((model, m) =>
      [0, 3, 6, 7].map((s) => bot(s, { model, botName: `Model ${m}-${s}`, rarity: "rare" })),
    ),
  },
  schemes: {
    size: 220,
    cells: COLOR_SCHEMES.flatMap((_, s) => MECHA_MODELS.map((model) => bot(s, { model, botName: `S${s}` }))),
  },
  rarities: {
    size: 300,
    cells: RARITIES.flatMap((rarity, r) => [
      bot(r, { rarity }),
      bot(r + 3, { rarity, model: "Eclipse R-2" }),
    ]),
  },
  classes: {
    size: 300,
    cells: BOT_CLASSES.flatMap((botClass, c) =>
      [0, 1, 2, 3].map((i) =>
        bot(c * 3 + i, { botClass, rarity: "uncommon", model: MECHA_MODELS[(c + i) % 5]! }),
      ),
    ),
  },
  weapons: {
    size: 300,
    cells: WEAPONS.flatMap((equippedWeapon, w) => [
      bot(w, { equippedWeapon }),
      bot(w + 2, { equippedWeapon, botClass: "villain", rarity: "legendary" }),
    ]),
  },
  large: {
    size: 420,
    cells: MECHA_MODELS.map((model, m) =>
      bot(m * 3, {
        model,
        rarity: RARITIES[m + 1]!,
        botClass: BOT_CLASSES[m % 3]!,
        equippedWeapon: m % 2 ? WEAPONS[m]! : null,
      }),
    ).concat(bot(7, { model: "Phantom V-7", rarity: "diamond", botClass: "hero" })),
  },
  detail: {
    size: 512,
    cells: [
      bot(0, { rarity: "legendary", equippedWeapon: WEAPONS[0]! }),
      bot(7, { botClass: "villain", rarity: "diamond", model: "Defender Z-9" }),
    ],
  },
  edge: {
    size: 300,
    cells: [
      ["#000000", "#000000"],
      ["#ffffff", "#ffffff"],
      ["#808080", "#808080"],
      ["#ff0000", "#ff0000"],
      ["#ffff00", "#00ffff"],
      ["not a colour", ""],
      ["#123", "#fed"],
      ["#0a0a0a", "#ff00ff"],
    ].map(([colorPrimary, colorSecondary], i) =>
      bot(i, {
        colorPrimary,
        colorSecondary,
        model: MECHA_MODELS[i % 5]!,
        rarity: RARITIES[i % 6]!,
        botName: `Edge ${i}`,
      }),
    ),
  },
  thumbs: {
    size: 96,
    cells: RARITIES.flatMap((rarity, r) =>
      MECHA_MODELS.map((model, m) => bot(r + m, { model, rarity, botClass: BOT_CLASSES[(r + m) % 3]! })),
    ),
  },
};

function page(size: number, cells: MechaInput[]): string {
  const imgs = cells
    .map((c) => {
      const src = `data:image/svg+xml;base64,${Buffer.from(renderMechaSvg(c)).toString("base64")}`;
      return `<img src="${src}" width="${size}" height="${size}">`;
    })
    .join("");
  return `<!doctype html><body style="margin:0;background:#111;display:flex;flex-wrap:wrap;gap:6px;padding:6px;width:${(size + 6) * Math.floor(1280 / (size + 6)) + 6}px">${imgs}</body>`;
}

async function main() {
  const outDir = resolve(process.argv[2] ?? "test-results/mecha");
  const only = process.argv[3];
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const tab = await browser.newPage({ viewport: { width: 1300, height: 800 } });
    for (const [name, sheet] of Object.entries(SHEETS)) {
      if (only && name !== only) continue;
      const html = page(sheet.size, sheet.cells);
      await writeFile(join(outDir, `${name}.html`), html);
      await tab.setContent(html);
      await tab.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
      console.log(join(outDir, `${name}.png`));
    }
  } finally {
    await browser.close();
  }
}

await main();
