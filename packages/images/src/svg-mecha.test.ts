import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderMechaSvg } from "./svg-mecha";
import { BOT_CLASSES, MECHA_MODELS, type MechaInput, RARITIES } from "./types";
import { weaponKind } from "./weapons";
import { readElements } from "./xml-check";

const bot = (overrides: Partial<MechaInput> = {}): MechaInput => ({
  botName: "Sparky",
  model: "Striker X-1",
  colorPrimary: "#00d4ff",
  colorSecondary: "#0057ff",
  rarity: "common",
  botClass: "hero",
  ...overrides,
});

const blade = { name: "Plasma Blade", type: "weapon", rarity: "rare", ultimateType: "damage" };

function expectSafe(svg: string): void {
  const elements = readElements(svg);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"')).toBe(true);
  for (const { name, attrs } of elements) {
    expect(["script", "foreignObject", "image", "a", "iframe", "style"]).not.toContain(name);
    for (const [attr, value] of Object.entries(attrs)) {
      expect(attr).not.toMatch(/^on/i);
      if (/href$/i.test(attr)) expect(value).toMatch(/^#/);
      if (value.includes("url(")) expect(value).toMatch(/^url\(#[\w-]+\)$/);
    }
  }
}

/** The shapes of the figure alone: its path data and circles, ignoring colours. */
function figureShapes(svg: string): Set<string> {
  const figure = /<g class="mecha[^"]*"[^>]*>([\s\S]*?)<\/g><g class="accents/.exec(svg)?.[1] ?? "";
  return new Set([...figure.matchAll(/ (?:d|cx)="([^"]+)"/g)].map((m) => m[1]!));
}

describe("renderMechaSvg", () => {
  it("draws the same input to the same SVG, byte for byte", () => {
    const input = bot({ rarity: "legendary", botClass: "villain", equippedWeapon: blade });
    expect(renderMechaSvg(input)).toBe(renderMechaSvg({ ...input }));
    expect(renderMechaSvg(input)).toMatchSnapshot();
  });

  it("keeps a starter bot's look stable", () => {
    expect(
      renderMechaSvg({
        botName: "Sparky",
        model: "Eclipse R-2",
        colorPrimary: "#1c1c24",
        colorSecondary: "#5a5a6e",
      }),
    ).toMatchSnapshot();
  });

  it("gives each of the five models its own silhouette", () => {
    const shapes = MECHA_MODELS.map((model) => figureShapes(renderMechaSvg(bot({ model }))));
    for (const [i, a] of shapes.entries()) {
      expect(a.size).toBeGreaterThan(20);
      for (const b of shapes.slice(i + 1)) {
        const shared = [...a].filter((d) => b.has(d)).length;
        expect(shared / Math.min(a.size, b.size)).toBeLessThan(0.25);
      }
    }
  });

  it("varies pose and decals by name, so two bots of one model differ", () => {
    const a = renderMechaSvg(bot({ botName: "Alpha" }));
    const b = renderMechaSvg(bot({ botName: "Bravo" }));
    expect(a).not.toBe(b);
    expect(a.match(/<text[^>]*>[^<]*<\/text>/g)).not.toEqual(b.match(/<text[^>]*>[^<]*<\/text>/g));
  });

  it("paints the armour from the colour scheme", () => {
    expect(renderMechaSvg(bot({ colorPrimary: "#DC143C" }))).toContain('stop-color="#dc143c"');
    expect(renderMechaSvg(bot({ colorSecondary: "#39ff14" }))).toContain('stop-color="#39ff14"');
  });

  it("adds rarity flair: none for common, gold rays and sparkles for legendary, prism and shards for diamond", () => {
    const flair = (rarity: string) => {
      const svg = renderMechaSvg(bot({ rarity }));
      const defs = ["aura", "burst", "gold", "prism"].filter((f) => new RegExp(`id="m\\w+${f}"`).test(svg));
      const groups = ["sheen", "shards", "particles", "sparkles"].filter((f) => svg.includes(`class="${f}"`));
      return [...defs, ...groups];
    };
    expect(flair("common")).toEqual([]);
    expect(flair("uncommon")).toEqual([]);
    expect(flair("rare")).toEqual(["aura"]);
    expect(flair("epic")).toEqual(["aura", "particles"]);
    expect(flair("legendary")).toEqual(["aura", "burst", "gold", "particles", "sparkles"]);
    expect(flair("diamond")).toEqual(["aura", "burst", "prism", "sheen", "shards", "particles", "sparkles"]);
    expect(renderMechaSvg(bot({ rarity: "uncommon" }))).toContain('stroke="#3ddc84"');
  });

  it("adds class accents: hero emblem, villain horns and red eyes, support halo and shield", () => {
    const hero = renderMechaSvg(bot({ botClass: "hero" }));
    const villain = renderMechaSvg(bot({ botClass: "villain" }));
    const support = renderMechaSvg(bot({ botClass: "support" }));
    expect(hero).toContain('class="accents class-hero"');
    expect(hero).toContain("#3ff0ff");
    expect(villain).toContain("#ff2b3d");
    expect(villain).not.toContain("#3ff0ff");
    expect(support).toMatch(/<ellipse[^>]*stroke="#46f29a"/);
  });

  it("treats a missing rarity and class as a common hero, as at bot creation", () => {
    const { rarity: _r, botClass: _c, ...creation } = bot();
    expect(renderMechaSvg(creation)).toBe(renderMechaSvg(bot({ rarity: "common", botClass: "hero" })));
  });

  it("draws a weapon if and only if one is equipped", () => {
    expect(renderMechaSvg(bot())).not.toContain('class="weapon');
    expect(renderMechaSvg(bot({ equippedWeapon: null }))).not.toContain('class="weapon');
    expect(renderMechaSvg(bot({ equippedWeapon: blade }))).toContain('class="weapon weapon-blade"');
    expect(renderMechaSvg(bot({ equippedWeapon: { name: "Ion Cannon", type: "weapon" } }))).toContain(
      "weapon-cannon",
    );
  });

  it("picks the weapon kind from its name, then its type, then deterministically", () => {
    expect(weaponKind({ name: "Omega Singularity Blade", type: "weapon" })).toBe("blade");
    expect(weaponKind({ name: "Solar Flare Cannon", type: "weapon" })).toBe("cannon");
    expect(weaponKind({ name: "Thunderclap Hammer", type: "weapon" })).toBe("hammer");
    expect(weaponKind({ name: "Ion Lance", type: "weapon" })).toBe("spear");
    expect(weaponKind({ name: "Void Reaper Scythe", type: "weapon" })).toBe("axe");
    expect(weaponKind({ name: "Aegis Reactor", type: "weapon" })).toBe("shield");
    expect(weaponKind({ name: "Mystery", type: "shield" })).toBe("shield");
    expect(weaponKind({ name: "Mystery", type: "weapon" })).toBe(
      weaponKind({ name: "Mystery", type: "weapon" }),
    );
  });

  it("lights the weapon by its ultimate: damage, special, heal", () => {
    const lit = (ultimateType: string) => renderMechaSvg(bot({ equippedWeapon: { ...blade, ultimateType } }));
    expect(lit("damage")).toContain("#ff6a2b");
    expect(lit("special")).toContain("#c06bff");
    expect(lit("heal")).toContain("#3dffa0");
  });

  it("escapes hostile names and never emits scripts, event handlers or external references", () => {
    for (const botName of [
      "<script>alert(1)</script>",
      `"&'`,
      '" onload="alert(1)',
      "]]><x>",
      "\u0000\u0007bell\uD800",
    ]) {
      const svg = renderMechaSvg(
        bot({ botName, model: botName, equippedWeapon: { name: botName, type: botName } }),
      );
      expectSafe(svg);
    }
    const svg = renderMechaSvg(bot({ botName: `<script>alert(1)</script>"&'` }));
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&apos;");
  });

  it("draws every model, rarity, class and weapon as a small, safe, well-formed document", () => {
    const weapons = [
      null,
      blade,
      { name: "Ion Cannon", type: "weapon", rarity: "diamond", ultimateType: "heal" },
    ];
    for (const model of MECHA_MODELS)
      for (const rarity of RARITIES)
        for (const botClass of BOT_CLASSES)
          for (const equippedWeapon of weapons) {
            const svg = renderMechaSvg(bot({ model, rarity, botClass, equippedWeapon }));
            expectSafe(svg);
            expect(svg.length).toBeLessThan(20_000);
          }
  });

  it("survives any input: odd names, bad colours, unknown models, rarities and classes", () => {
    fc.assert(
      fc.property(
        fc.record({
          botName: fc.string({ maxLength: 80, unit: "binary" }),
          model: fc.string({ maxLength: 20 }),
          colorPrimary: fc.oneof(fc.string({ maxLength: 8 }), fc.constant("#ABC")),
          colorSecondary: fc.string({ maxLength: 8 }),
          rarity: fc.option(fc.constantFrom(...RARITIES, "mythic", "")),
          botClass: fc.option(fc.constantFrom(...BOT_CLASSES, "wizard")),
          equippedWeapon: fc.option(
            fc.record({ name: fc.string({ maxLength: 30 }), type: fc.string({ maxLength: 10 }) }),
          ),
        }),
        (input) => expectSafe(renderMechaSvg(input)),
      ),
      { numRuns: 150 },
    );
  });
});
