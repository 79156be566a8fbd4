// One function per bot model: each builds its own silhouette from the shared parts kit.
// Shapes are drawn for the viewer's left half and mirrored; coordinates are canvas pixels (512 x 512).
import { arms, circle, decal, lens, type Paint, type Pose, type Rig, seams, shapes, symCircle } from "./kit";
import { chamfer, el, fmt, pts } from "./svg";
import type { MechaModel } from "./types";

const GROUND = 452;

function tilt(pose: Pose, cx: number, cy: number): string {
  return `rotate(${fmt(pose.headTilt)} ${fmt(cx)} ${fmt(cy)})`;
}

function assemble(
  parts: { back: string; legs: string; pelvis: string; torso: string; shoulders: string; head: string },
  arm: { svg: string; fist: string; hand: readonly [number, number] },
  rest: Omit<Rig, "back" | "body" | "weaponFist" | "hand">,
): Rig {
  return {
    back: parts.back,
    body:
      parts.legs +
      parts.pelvis +
      arm.svg +
      parts.torso +
      parts.shoulders +
      el("g", { transform: rest.head.transform }, parts.head),
    weaponFist: arm.fist,
    hand: arm.hand,
    ...rest,
  };
}

/** Striker X-1, offensive: spiked pauldrons, blade crest, forearm blades, thruster wings raised like hackles. */
export function striker(paint: Paint, pose: Pose): Rig {
  const { armor, trim, metal } = paint;
  const { poly, sym } = shapes(paint);
  const head = tilt(pose, 256, 150);
  const arm = arms(paint, pose, {
    shoulder: [182, 178],
    upper: { len: 56, w: 24 },
    fore: { len: 66, top: 36, bottom: 30 },
    fist: { w: 28, h: 24 },
    extras: (p, top, bottom) =>
      poly(pts(`-16,${top + 8} -36,${top + 24} -32,${bottom - 2} -15,${bottom - 10}`), p.trim),
  });
  return assemble(
    {
      back:
        sym(pts("230,168 172,92 190,84 246,154"), metal) +
        sym(pts("190,84 172,92 160,70"), trim) +
        sym(pts("214,176 150,140 160,128 226,160"), metal),
      legs:
        sym(pts("206,298 246,298 242,348 212,352"), armor) +
        sym(pts("206,370 244,370 250,418 240,432 208,432 198,412"), armor) +
        sym(pts("204,344 230,336 248,350 238,374 210,374 200,358"), trim) +
        sym(pts("200,350 186,340 206,364"), trim) +
        sym(pts("196,428 248,428 262,452 178,452"), metal) +
        seams(paint, [pts("216,382 222,420"), pts("212,310 240,310")]) +
        decal(pose.decal, 288, 404, paint.seam),
      pelvis:
        poly(pts("232,244 280,244 276,286 236,286"), metal) +
        sym(pts("204,278 238,278 240,300 214,320 198,300"), armor) +
        poly(pts("240,280 272,280 268,306 256,318 244,306"), trim),
      torso:
        sym(pts("256,146 222,150 190,168 194,206 218,236 240,252 256,254"), armor) +
        sym(pts("256,170 232,166 212,180 218,208 236,226 256,230"), trim) +
        seams(paint, [pts("200,196 222,226"), pts("196,180 212,200"), pts("240,238 256,242")]) +
        lens(pts("204,214 210,212 226,234 222,238"), paint, paint.energy),
      shoulders:
        sym(pts("164,152 146,104 186,148"), trim) +
        sym(pts("198,148 160,150 138,172 144,200 172,210 202,196 210,170"), armor) +
        sym(pts("160,150 138,172 146,180 166,160 200,156 198,148"), trim),
      head:
        poly(pts("244,134 268,134 266,154 246,154"), metal) +
        sym(pts("240,110 206,80 216,78 248,104"), trim) +
        sym(pts("256,98 238,104 230,122 234,140 246,150 256,150"), armor) +
        sym(pts("256,126 241,126 244,142 256,148"), metal) +
        poly(pts("248,112 256,62 264,112"), trim) +
        seams(paint, [pts("248,134 248,142")]) +
        lens(pts("236,116 254,123 254,129 238,124"), paint),
    },
    arm,
    {
      head: { cx: 256, top: 98, eyeY: 122, halfWidth: 26, transform: head },
      chest: { cx: 256, cy: 198, r: 20 },
      shoulders: [
        [168, 150],
        [344, 150],
      ],
      ground: GROUND,
    },
  );
}

/** Defender Z-9, heavy: a wide armoured box on short legs, shield pauldrons, a head sunk behind its collar. */
export function defender(paint: Paint, pose: Pose): Rig {
  const { armor, trim, metal, joint } = paint;
  const { poly, sym } = shapes(paint);
  const head = tilt(pose, 256, 152);
  const arm = arms(paint, pose, {
    shoulder: [170, 182],
    upper: { len: 48, w: 30 },
    fore: { len: 64, top: 48, bottom: 44 },
    fist: { w: 38, h: 30 },
    extras: (p, top, bottom) =>
      poly(pts(`-22,${top + 6} -36,${top + 16} -36,${bottom - 6} -22,${bottom}`), p.trim),
  });
  const pods = chamfer(176, 96, 36, 62, 6);
  return assemble(
    {
      back:
        sym(pods, metal) +
        sym(chamfer(172, 88, 44, 14, 4), trim) +
        symCircle(186, 114, 5, joint) +
        symCircle(202, 114, 5, joint) +
        seams(paint, [pts("184,130 204,130"), pts("184,142 204,142")]),
      legs:
        sym(pts("204,312 248,312 246,356 206,356"), metal) +
        sym(pts("190,370 252,370 258,430 184,430"), armor) +
        sym(chamfer(196, 340, 58, 34, 9), trim) +
        sym(pts("170,428 256,428 264,452 160,452"), metal) +
        seams(paint, [pts("200,392 244,392"), pts("200,404 244,404"), pts("208,326 244,326")]) +
        decal(pose.decal, 291, 422, paint.seam),
      pelvis:
        poly(pts("224,288 288,288 282,326 230,326"), metal) +
        sym(pts("190,290 230,290 232,330 196,336 184,318"), armor) +
        poly(pts("244,298 268,298 266,330 256,338 246,330"), trim),
      torso:
        sym(pts("256,132 210,134 174,150 164,200 176,262 208,296 256,302"), armor) +
        sym(pts("256,120 226,120 204,134 210,150 256,150"), metal) +
        sym(chamfer(198, 160, 54, 58, 9), trim) +
        sym(chamfer(214, 234, 38, 20, 5), metal) +
        sym(chamfer(216, 258, 36, 20, 5), metal) +
        seams(paint, [pts("182,200 198,214"), pts("180,230 204,250"), pts("186,262 206,280")]),
      shoulders:
        sym(chamfer(112, 132, 98, 92, 26), armor) +
        sym(chamfer(124, 146, 74, 64, 18), trim) +
        sym(chamfer(132, 154, 58, 48, 14), armor) +
        seams(paint, [pts("136,178 190,178")]) +
        symCircle(130, 150, 3, joint) +
        symCircle(130, 206, 3, joint),
      head:
        sym(pts("256,96 244,98 240,108 256,108"), trim) +
        sym(pts("256,104 238,106 226,118 226,142 240,154 256,154"), armor) +
        sym(pts("256,124 234,124 238,148 256,152"), metal) +
        seams(paint, [pts("244,142 256,142")]) +
        lens(pts("230,128 282,128 280,137 232,137"), paint, paint.eye, false),
    },
    arm,
    {
      head: { cx: 256, top: 100, eyeY: 132, halfWidth: 30, transform: head },
      chest: { cx: 256, cy: 190, r: 22 },
      shoulders: [
        [161, 134],
        [351, 134],
      ],
      ground: GROUND,
    },
  );
}

/** Phantom V-7, speed: a slim, long-legged body with swept fins and translucent energy wings. */
export function phantom(paint: Paint, pose: Pose): Rig {
  const { armor, trim, metal } = paint;
  const { poly, sym } = shapes(paint);
  const head = tilt(pose, 256, 148);
  const arm = arms(paint, pose, {
    shoulder: [204, 174],
    upper: { len: 60, w: 18 },
    fore: { len: 70, top: 26, bottom: 20 },
    fist: { w: 21, h: 20 },
    extras: (p, top, bottom) => poly(pts(`-12,${top + 6} -28,${top + 54} -11,${bottom - 2}`), p.trim),
  });
  const wings =
    sym(pts("228,160 118,112 96,122 212,176"), paint.ghost) +
    sym(pts("224,176 96,190 92,206 216,192"), paint.ghost) +
    sym(pts("222,192 120,268 128,282 218,208"), paint.ghost);
  return assemble(
    {
      back:
        el("g", { stroke: paint.energy, "stroke-width": 1.5, "stroke-opacity": 0.9 }, wings) +
        sym(pts("236,150 206,132 200,142 230,168"), metal),
      legs:
        sym(pts("222,282 252,282 248,336 228,346 218,318"), armor) +
        sym(pts("222,358 250,356 252,392 244,432 232,436 218,396"), armor) +
        sym(pts("224,340 246,332 252,352 238,368 220,356"), trim) +
        sym(pts("226,430 250,430 256,452 206,452 216,440"), metal) +
        seams(paint, [pts("228,372 238,420")]) +
        decal(pose.decal, 276, 398, paint.seam, 94),
      pelvis:
        poly(pts("240,248 272,248 272,284 256,298 240,284"), metal) +
        sym(pts("220,262 242,258 244,282 224,302 214,284"), armor),
      torso:
        sym(pts("256,146 230,146 208,158 202,180 212,204 230,226 240,250 256,254"), armor) +
        sym(pts("256,160 236,160 218,170 220,188 238,200 256,204"), trim) +
        seams(paint, [pts("226,222 244,232"), pts("232,236 246,242")]) +
        lens(pts("222,190 240,197 240,201 224,196"), paint, paint.energy),
      shoulders:
        sym(pts("204,156 176,126 214,150"), trim) +
        sym(pts("222,152 196,152 182,168 186,188 206,194 222,178"), armor),
      head:
        poly(pts("248,134 264,134 262,152 250,152"), metal) +
        sym(pts("238,112 194,94 232,130"), trim) +
        sym(pts("256,94 240,98 232,112 234,132 244,146 256,150"), armor) +
        sym(pts("256,128 242,128 246,142 256,148"), metal) +
        lens(pts("234,116 256,120 278,116 276,126 256,129 236,126"), paint, paint.eye, false),
    },
    arm,
    {
      head: { cx: 256, top: 94, eyeY: 121, halfWidth: 24, transform: head },
      chest: { cx: 256, cy: 184, r: 16 },
      shoulders: [
        [200, 152],
        [312, 152],
      ],
      ground: GROUND,
    },
  );
}

/** Nova S-4, tactical: a domed sensor head with antennae, a radar dish and sensor pods everywhere. */
export function nova(paint: Paint, pose: Pose): Rig {
  const { armor, trim, metal, joint } = paint;
  const { poly, sym } = shapes(paint);
  const head = tilt(pose, 256, 150);
  const antenna = 34 + pose.variant * 18;
  const arm = arms(paint, pose, {
    shoulder: [194, 180],
    upper: { len: 56, w: 22 },
    fore: { len: 62, top: 32, bottom: 28 },
    fist: { w: 26, h: 22 },
    extras: (p, top) =>
      circle(-16, top + 26, 9, p.trim) +
      circle(-16, top + 26, 3.5, p.energy, { stroke: "none", filter: p.glow }),
  });
  const dish = el(
    "g",
    { transform: "rotate(-28 340 92)" },
    el("ellipse", { cx: 340, cy: 92, rx: 34, ry: 13, fill: trim }) +
      el("ellipse", { cx: 340, cy: 90, rx: 24, ry: 8, fill: joint }) +
      circle(340, 90, 4, paint.energy, { stroke: "none", filter: paint.glow }),
  );
  return assemble(
    {
      back:
        poly(chamfer(206, 138, 100, 84, 16), metal) +
        el("path", {
          d: "M300 150L336 96M212 148L192 74M226 142L214 90",
          stroke: joint,
          "stroke-width": 5,
          fill: "none",
        }) +
        dish +
        circle(192, 72, 5, paint.energy, { stroke: "none", filter: paint.glow }) +
        circle(214, 88, 4, paint.energy, { stroke: "none", filter: paint.glow }),
      legs:
        sym(pts("214,296 246,296 244,344 216,344"), metal) +
        sym(pts("210,362 250,362 252,400 246,428 214,428 206,400"), armor) +
        sym(pts("196,426 254,426 260,452 188,452"), metal) +
        sym(pts("230,334 246,340 246,360 230,366 214,360 214,340"), trim) +
        seams(paint, [pts("218,384 240,384"), pts("218,394 240,394")]) +
        decal(pose.decal, 283, 416, paint.seam),
      pelvis:
        poly(pts("234,262 278,262 276,296 256,308 236,296"), metal) +
        sym(pts("206,270 236,270 236,300 210,306 200,290"), armor),
      torso:
        sym(pts("256,146 228,148 206,160 196,184 200,214 214,240 234,256 256,260"), armor) +
        poly(chamfer(228, 160, 56, 34, 8), metal) +
        seams(paint, [pts("206,190 220,216"), pts("214,230 234,246")]) +
        lens(pts("236,172 244,172 244,180 236,180"), paint, paint.energy) +
        lens(pts("236,184 244,184 244,188 236,188"), paint, paint.energy),
      shoulders:
        circle(186, 176, 31, armor) +
        el("path", { d: "M157 170A31 31 0 0 1 215 170", fill: "none", stroke: trim, "stroke-width": 6 }) +
        circle(326, 176, 31, armor) +
        el("path", { d: "M297 170A31 31 0 0 1 355 170", fill: "none", stroke: trim, "stroke-width": 6 }) +
        circle(178, 190, 7, joint) +
        circle(178, 190, 3, paint.energy, { stroke: "none", filter: paint.glow }),
      head:
        el("path", {
          d: `M230 106L${fmt(214 - antenna * 0.3)} ${fmt(104 - antenna)}M282 106L${fmt(298 + antenna * 0.3)} ${fmt(104 - antenna)}`,
          stroke: joint,
          "stroke-width": 4,
          fill: "none",
        }) +
        circle(214 - antenna * 0.3, 104 - antenna, 5, paint.eye, { stroke: "none", filter: paint.glow }) +
        circle(298 + antenna * 0.3, 104 - antenna, 5, paint.eye, { stroke: "none", filter: paint.glow }) +
        poly(pts("244,136 268,136 266,156 246,156"), metal) +
        circle(256, 116, 34, armor) +
        sym(pts("256,112 226,112 226,128 236,144 256,150"), metal) +
        sym(pts("226,104 220,94 232,86 240,96"), trim) +
        circle(256, 126, 12, joint) +
        circle(256, 126, 8, paint.eye, { stroke: "none", filter: paint.glow }) +
        lens(pts("234,122 242,122 242,128 234,128"), paint),
    },
    arm,
    {
      head: { cx: 256, top: 82, eyeY: 126, halfWidth: 34, transform: head },
      chest: { cx: 256, cy: 222, r: 17 },
      shoulders: [
        [186, 146],
        [326, 146],
      ],
      ground: GROUND,
    },
  );
}

/** Eclipse R-2, balanced: the classic V-finned humanoid standing before a dark eclipse disc with a burning corona. */
export function eclipse(paint: Paint, pose: Pose): Rig {
  const { armor, trim, metal, joint } = paint;
  const { poly, sym } = shapes(paint);
  const head = tilt(pose, 256, 150);
  const arm = arms(paint, pose, {
    shoulder: [186, 178],
    upper: { len: 56, w: 24 },
    fore: { len: 64, top: 34, bottom: 30 },
    fist: { w: 28, h: 24 },
    extras: (p, _top, bottom) => poly(chamfer(-16, bottom - 18, 32, 7, 2), p.trim),
  });
  const crescent = 40 + pose.variant * 100;
  return assemble(
    {
      back:
        el(
          "g",
          { filter: paint.glow },
          circle(256, 168, 96, "#05060b", { stroke: paint.energy, "stroke-width": 5 }) +
            el("path", {
              d: `M${fmt(256 + 96 * Math.cos((crescent * Math.PI) / 180))} ${fmt(168 - 96 * Math.sin((crescent * Math.PI) / 180))}A96 96 0 0 1 ${fmt(256 + 96 * Math.cos(((crescent - 70) * Math.PI) / 180))} ${fmt(168 - 96 * Math.sin(((crescent - 70) * Math.PI) / 180))}`,
              stroke: "#ffffff",
              "stroke-width": 4,
              fill: "none",
            }),
        ) +
        sym(chamfer(194, 124, 26, 64, 6), metal) +
        sym(chamfer(212, 100, 8, 30, 2), joint),
      legs:
        sym(pts("212,294 246,294 244,342 214,342"), metal) +
        sym(pts("206,366 248,366 252,424 202,424"), armor) +
        sym(pts("208,336 246,336 250,360 240,372 212,372 204,356"), trim) +
        sym(pts("192,422 254,422 262,452 184,452"), metal) +
        sym(pts("192,452 200,436 214,452"), trim) +
        seams(paint, [pts("214,384 240,384"), pts("216,396 238,396"), pts("222,306 238,306")]) +
        decal(pose.decal, 285, 416, paint.seam),
      pelvis:
        poly(pts("234,244 278,244 276,282 236,282"), metal) +
        sym(pts("198,276 218,276 220,312 200,304"), metal) +
        sym(pts("216,280 248,280 248,312 218,318"), armor) +
        poly(pts("246,278 266,278 264,306 256,314 248,306"), trim),
      torso:
        sym(pts("256,146 214,148 192,162 194,202 214,234 236,248 256,250"), armor) +
        sym(chamfer(212, 168, 34, 24, 4), trim) +
        sym(pts("256,142 232,142 224,150 256,158"), trim) +
        seams(paint, [
          pts("218,176 240,176"),
          pts("218,182 240,182"),
          pts("218,188 240,188"),
          pts("200,206 222,232"),
        ]),
      shoulders:
        sym(chamfer(148, 148, 56, 56, 10), armor) +
        sym(chamfer(148, 148, 56, 16, 6), trim) +
        seams(paint, [pts("156,186 196,186")]),
      head:
        poly(pts("244,134 268,134 266,154 246,154"), metal) +
        sym(pts("256,100 242,104 234,116 234,138 244,150 256,150"), armor) +
        sym(pts("256,124 240,124 244,144 256,148"), metal) +
        sym(pts("252,116 206,84 212,80 256,108"), trim) +
        lens(chamfer(251, 104, 10, 10, 3), paint, paint.eye, false) +
        sym(pts("244,144 256,140 256,150"), trim) +
        lens(pts("238,120 252,123 252,128 240,127"), paint),
    },
    arm,
    {
      head: { cx: 256, top: 100, eyeY: 124, halfWidth: 22, transform: head },
      chest: { cx: 256, cy: 212, r: 17 },
      shoulders: [
        [176, 148],
        [336, 148],
      ],
      ground: GROUND,
    },
  );
}

export const SILHOUETTES: Record<MechaModel, (paint: Paint, pose: Pose) => Rig> = {
  "Striker X-1": striker,
  "Defender Z-9": defender,
  "Phantom V-7": phantom,
  "Nova S-4": nova,
  "Eclipse R-2": eclipse,
};
