// The title block at the top of every in-shell page.
import type { ReactNode } from "react";
import { usePageTitle } from "./usePageTitle";

type PageHeaderProps = { title: string; subtitle?: ReactNode; icon?: ReactNode; actions?: ReactNode };

export function PageHeader({ title, subtitle, icon, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 items-center gap-4">
        {icon && (
          <span
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-lg border border-cyan/40 bg-cyan/10 text-cyan shadow-neon-cyan"
          >
            {icon}
          </span>
        )}
        {/* A title may be a player's name, one long word: it wraps rather than push the page sideways. */}
        <div className="min-w-0">
          <h1 className="wrap-anywhere font-display text-2xl font-black uppercase tracking-[0.12em] text-ink sm:text-3xl">
            <span className="bg-linear-to-r from-cyan via-ink to-magenta bg-clip-text text-transparent">
              {title}
            </span>
          </h1>
          {subtitle && <p className="mt-1 text-muted">{subtitle}</p>}
        </div>
      </div>
      {actions}
    </header>
  );
}
