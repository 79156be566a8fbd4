// The full-screen moment after creation: '<name> Initialized!' and 'Preparing your bot for combat...'. Under
// prefers-reduced-motion it stands still from its first frame (nothing fades, springs or fills).
import { messages } from "@bot-arena/game";
import { Cpu } from "lucide-react";
import { motion, useReducedMotion } from "motion/react";
import { createPortal } from "react-dom";

export function InitializedScreen({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  // `initial={false}`: each part starts where its animation would end.
  const still = useReducedMotion() ?? false;
  return createPortal(
    <motion.div
      role="alertdialog"
      aria-live="assertive"
      aria-label={messages.botInitialized(name)}
      initial={still ? false : { opacity: 0 }}
      animate={{ opacity: 1 }}
      className="fixed inset-0 z-[60] grid place-items-center overflow-hidden bg-void/95 px-6 backdrop-blur"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_50%_45%,rgb(34_229_255/0.25),transparent_55%)]"
      />
      <div className="relative flex flex-col items-center text-center">
        <motion.div
          initial={still ? false : { scale: 0.6, rotate: -8, opacity: 0 }}
          animate={{ scale: 1, rotate: 0, opacity: 1 }}
          transition={{ type: "spring", stiffness: 160, damping: 14 }}
          className="relative size-48 overflow-hidden rounded-2xl border border-cyan/60 bg-abyss shadow-[0_0_60px_rgb(34_229_255/0.45)] sm:size-60"
        >
          {imageUrl ? (
            <img src={imageUrl} alt="" className="size-full object-cover" />
          ) : (
            <Cpu className="m-auto size-full p-12 text-cyan" aria-hidden="true" />
          )}
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 h-1/3 animate-scan bg-linear-to-b from-cyan/30 to-transparent"
          />
        </motion.div>
        <motion.h1
          initial={still ? false : { y: 16, opacity: 0 }}
          animate={{ y: 0, opacity: 1 }}
          transition={{ delay: 0.25 }}
          className="mt-8 font-display text-3xl font-black uppercase tracking-[0.12em] text-ink text-glow-cyan sm:text-5xl"
        >
          {messages.botInitialized(name)}
        </motion.h1>
        <motion.p
          initial={still ? false : { opacity: 0 }}
          animate={{ opacity: 1 }}
          transition={{ delay: 0.5 }}
          className="mt-3 font-display text-sm font-bold uppercase tracking-[0.3em] text-cyan/80"
        >
          {messages.preparingBot}
        </motion.p>
        <div className="mt-6 h-1 w-56 overflow-hidden rounded-full bg-steel">
          <motion.div
            className="h-full bg-linear-to-r from-cyan to-magenta"
            initial={still ? false : { width: "0%" }}
            animate={{ width: "100%" }}
            transition={{ duration: 1.9, ease: "easeInOut" }}
          />
        </div>
      </div>
    </motion.div>,
    document.body,
  );
}
