// Collects gradients and filters for one image; ids carry a per-image prefix so inlined SVGs never clash.
import { el, fmt } from "./svg";

export type Stop = readonly [offset: number, color: string, opacity?: number];

function stops(list: readonly Stop[]): string {
  return list
    .map(([offset, color, opacity]) =>
      el("stop", {
        offset: fmt(offset, 2),
        "stop-color": color,
        "stop-opacity": opacity === undefined ? undefined : fmt(opacity, 2),
      }),
    )
    .join("");
}

export class Defs {
  private readonly items: string[] = [];
  private readonly ids = new Set<string>();

  constructor(private readonly prefix: string) {}

  private register(name: string, build: (id: string) => string): string {
    const id = `${this.prefix}${name}`;
    if (!this.ids.has(id)) {
      this.ids.add(id);
      this.items.push(build(id));
    }
    return `url(#${id})`;
  }

  linear(name: string, list: readonly Stop[], [x1, y1, x2, y2] = [0, 0, 0.8, 1]): string {
    // 0 is the default start, so it is left out.
    const start = (v: number) => (v === 0 ? undefined : v);
    return this.register(name, (id) =>
      el("linearGradient", { id, x1: start(x1), y1: start(y1), x2, y2 }, stops(list)),
    );
  }

  /** Relative to the shape's box by default; `userSpace` places it in canvas pixels, shared by many shapes. */
  radial(name: string, list: readonly Stop[], [cx, cy, r] = [0.5, 0.5, 0.5], userSpace = false): string {
    const units = userSpace ? "userSpaceOnUse" : undefined;
    return this.register(name, (id) =>
      el("radialGradient", { id, cx, cy, r, gradientUnits: units }, stops(list)),
    );
  }

  /** Blurred copy under the source: the neon glow of eyes, vents and energy edges. One filter per strength. */
  glow(blur: 3 | 4 | 5): string {
    return this.register(`glow${blur}`, (id) =>
      el(
        "filter",
        { id, x: "-60%", y: "-60%", width: "220%", height: "220%" },
        el("feGaussianBlur", { stdDeviation: blur, result: "b" }) +
          el("feMerge", {}, el("feMergeNode", { in: "b" }) + el("feMergeNode", { in: "SourceGraphic" })),
      ),
    );
  }

  /** A coloured halo around the whole source shape. */
  aura(name: string, color: string, blur: number): string {
    return this.register(name, (id) =>
      el(
        "filter",
        { id, x: "-40%", y: "-40%", width: "180%", height: "180%" },
        el("feGaussianBlur", { in: "SourceAlpha", stdDeviation: blur, result: "b" }) +
          el("feFlood", { "flood-color": color, "flood-opacity": 0.85 }) +
          el("feComposite", { in2: "b", operator: "in", result: "c" }) +
          el("feMerge", {}, el("feMergeNode", { in: "c" }) + el("feMergeNode", { in: "SourceGraphic" })),
      ),
    );
  }

  /** Pure blur, for soft light shapes. */
  blur(name: string, amount: number): string {
    return this.register(name, (id) =>
      el(
        "filter",
        { id, x: "-50%", y: "-50%", width: "200%", height: "200%" },
        el("feGaussianBlur", { stdDeviation: amount }),
      ),
    );
  }

  toString(): string {
    return el("defs", {}, this.items.join(""));
  }
}
