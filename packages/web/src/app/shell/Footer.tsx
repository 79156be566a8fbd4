// The shell's footer.
import { BrandMark } from "./Brand";

// The side padding keeps the floating music player (left) and chat button (right) off the text.
export function Footer() {
  return (
    <footer className="mt-auto border-t border-cyan/15 bg-void/70">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 pt-6 pb-24 text-center text-sm text-muted sm:flex-row sm:justify-between sm:px-24 sm:pb-6 sm:text-left">
        <div className="flex items-center gap-2">
          <BrandMark className="size-6" />
          <span className="font-display text-xs font-bold tracking-[0.2em] text-ink">BOT ARENA</span>
        </div>
        {/* The prerendered pages carry their build's year; a new year's first visit must not fail hydration. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} BOT ARENA. Build. Battle. Dominate.</p>
      </div>
    </footer>
  );
}
