// The animation an action leaves on the fighter it lands on, one component per effect type (a handler map
// like the playback's): slashes, flames, ice shards, a lightning bolt, a repair pulse, an ultimate's shockwave.
// Each plays once when mounted; the stage mounts a fresh one per event.
import type { EffectType } from "@bot-arena/contract";
import { motion } from "motion/react";
import type { ComponentType } from "react";
import { effectLook } from "./effectLook";

type BurstProps = { color: string; glow: string };

const fade = { duration: 0.7, ease: "easeOut" } as const;

function Flash({ color, opacity = 0.45 }: { color: string; opacity?: number }) {
  return (
    <motion.div
      className="absolute inset-0 rounded-xl"
      style={{ background: `radial-gradient(circle at 50% 50%, ${color}, transparent 70%)` }}
      initial={{ opacity: 0 }}
      animate={{ opacity: [0, opacity, 0] }}
      transition={{ duration: 0.5 }}
    />
  );
}

function PhysicalBurst({ color, glow }: BurstProps) {
  return (
    <>
      <Flash color={glow} opacity={0.3} />
      {[-35, 35].map((angle, i) => (
        <motion.div
          key={angle}
          className="absolute top-1/2 left-1/2 h-1.5 w-[85%] origin-center rounded-full"
          style={{
            background: `linear-gradient(90deg, transparent, ${color}, transparent)`,
            boxShadow: `0 0 14px ${glow}`,
            rotate: angle,
            x: "-50%",
            y: "-50%",
          }}
          initial={{ scaleX: 0, opacity: 1 }}
          animate={{ scaleX: [0, 1.1, 1], opacity: [1, 1, 0] }}
          transition={{ ...fade, delay: i * 0.08 }}
        />
      ))}
    </>
  );
}

function FireBurst({ color, glow }: BurstProps) {
  return (
    <>
      <Flash color={glow} opacity={0.5} />
      {[0, 1, 2, 3, 4].map((i) => (
        <motion.div
          key={i}
          className="absolute bottom-[18%] rounded-full blur-[2px]"
          style={{
            left: `${18 + i * 15}%`,
            width: "22%",
            aspectRatio: "1 / 1.5",
            background: `radial-gradient(circle at 50% 70%, #fff6c2, ${color} 40%, ${glow}00 72%)`,
          }}
          initial={{ y: 20, scale: 0.3, opacity: 0 }}
          animate={{ y: [-10, -70 - (i % 2) * 25], scale: [0.5, 1.3, 0.6], opacity: [0, 1, 0] }}
          transition={{ duration: 0.85, delay: i * 0.05, ease: "easeOut" }}
        />
      ))}
    </>
  );
}

const SHARDS = [0, 60, 120, 180, 240, 300];

function IceBurst({ color, glow }: BurstProps) {
  return (
    <>
      <motion.div
        className="absolute inset-0 rounded-xl"
        style={{ background: `linear-gradient(160deg, ${color}55, ${glow}33)`, mixBlendMode: "screen" }}
        initial={{ opacity: 0 }}
        animate={{ opacity: [0, 0.8, 0] }}
        transition={{ duration: 0.9 }}
      />
      {SHARDS.map((angle) => {
        const radians = (angle * Math.PI) / 180;
        return (
          <motion.div
            key={angle}
            className="absolute top-1/2 left-1/2 h-[30%] w-[9%]"
            style={{
              background: `linear-gradient(180deg, #ffffff, ${color} 45%, ${glow})`,
              clipPath: "polygon(50% 0, 100% 50%, 50% 100%, 0 50%)",
              filter: `drop-shadow(0 0 6px ${color})`,
              rotate: angle + 90,
              x: "-50%",
              y: "-50%",
            }}
            initial={{ scale: 0.2, opacity: 0 }}
            animate={{
              x: ["-50%", `calc(-50% + ${Math.cos(radians) * 70}px)`],
              y: ["-50%", `calc(-50% + ${Math.sin(radians) * 70}px)`],
              scale: [0.2, 1.1, 0.8],
              opacity: [0, 1, 0],
            }}
            transition={{ duration: 0.8, ease: "easeOut" }}
          />
        );
      })}
    </>
  );
}

function LightningBurst({ color, glow }: BurstProps) {
  return (
    <>
      <motion.div
        className="absolute inset-0 rounded-xl bg-white"
        initial={{ opacity: 0 }}
        animate={{ opacity: [0, 0.55, 0, 0.35, 0] }}
        transition={{ duration: 0.45 }}
      />
      <svg viewBox="0 0 100 100" className="absolute inset-0 size-full overflow-visible" aria-hidden="true">
        {["M55 -5 L42 38 L60 42 L38 105", "M30 0 L38 30 L26 34 L34 60"].map((d, i) => (
          <motion.path
            key={d}
            d={d}
            fill="none"
            stroke={i === 0 ? color : glow}
            strokeWidth={i === 0 ? 4 : 2}
            strokeLinejoin="round"
            style={{ filter: `drop-shadow(0 0 6px ${glow}) drop-shadow(0 0 2px #fff)` }}
            initial={{ pathLength: 0, opacity: 1 }}
            animate={{ pathLength: [0, 1, 1], opacity: [1, 1, 0] }}
            transition={{ duration: 0.6, delay: i * 0.07, ease: "easeOut" }}
          />
        ))}
      </svg>
    </>
  );
}

function HealBurst({ color, glow }: BurstProps) {
  return (
    <>
      <motion.div
        className="absolute top-1/2 left-1/2 aspect-square w-[70%] rounded-full border-4"
        style={{
          borderColor: color,
          boxShadow: `0 0 24px ${glow}, inset 0 0 24px ${glow}`,
          x: "-50%",
          y: "-50%",
        }}
        initial={{ scale: 0.3, opacity: 0 }}
        animate={{ scale: [0.3, 1.25], opacity: [0, 1, 0] }}
        transition={{ duration: 0.9, ease: "easeOut" }}
      />
      {[0, 1, 2, 3].map((i) => (
        <motion.span
          key={i}
          className="absolute font-display text-3xl font-black"
          style={{ left: `${20 + i * 18}%`, bottom: "20%", color, textShadow: `0 0 10px ${glow}` }}
          initial={{ y: 0, opacity: 0 }}
          animate={{ y: -80 - (i % 2) * 20, opacity: [0, 1, 0] }}
          transition={{ duration: 1, delay: i * 0.1, ease: "easeOut" }}
        >
          +
        </motion.span>
      ))}
    </>
  );
}

function UltimateBurst({ color, glow }: BurstProps) {
  return (
    <>
      <Flash color={color} opacity={0.7} />
      {[0, 1, 2].map((i) => (
        <motion.div
          key={i}
          className="absolute top-1/2 left-1/2 aspect-square w-[60%] rounded-full border-[3px]"
          style={{
            borderColor: i === 1 ? glow : color,
            boxShadow: `0 0 30px ${color}`,
            x: "-50%",
            y: "-50%",
          }}
          initial={{ scale: 0.2, opacity: 0 }}
          animate={{ scale: [0.2, 2.1], opacity: [0, 1, 0] }}
          transition={{ duration: 1, delay: i * 0.15, ease: "easeOut" }}
        />
      ))}
      <motion.div
        className="absolute top-1/2 left-1/2 aspect-square w-[90%]"
        style={{
          background: `conic-gradient(from 0deg, transparent, ${glow}aa, transparent 20%, ${color}aa, transparent 45%, ${glow}aa, transparent 70%, ${color}aa, transparent)`,
          maskImage: "radial-gradient(circle, black 20%, transparent 70%)",
          x: "-50%",
          y: "-50%",
        }}
        initial={{ rotate: 0, scale: 0.4, opacity: 0 }}
        animate={{ rotate: 120, scale: [0.4, 1.3], opacity: [0, 1, 0] }}
        transition={{ duration: 1.1, ease: "easeOut" }}
      />
    </>
  );
}

const bursts: Record<EffectType, ComponentType<BurstProps>> = {
  physical: PhysicalBurst,
  fire: FireBurst,
  ice: IceBurst,
  lightning: LightningBurst,
  heal: HealBurst,
  ultimate: UltimateBurst,
};

export function EffectBurst({ effectType }: { effectType: EffectType }) {
  const Burst = bursts[effectType];
  const look = effectLook[effectType];
  return (
    <div className="pointer-events-none absolute inset-0 z-20" data-effect={effectType} aria-hidden="true">
      <Burst color={look.color} glow={look.glow} />
    </div>
  );
}
