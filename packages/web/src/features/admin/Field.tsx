// Small form pieces of the admin panel: a labelled select styled like the game's inputs.
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { cn } from "../../ui/cn";

export const labelClass = "block text-sm font-semibold uppercase tracking-[0.14em] text-muted";
export const selectClass =
  "h-12 w-full cursor-pointer rounded-md border border-cyan/25 bg-void/70 px-3 text-base font-medium text-ink capitalize transition hover:border-cyan/50 focus:border-cyan focus:outline-none";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode };

export function SelectField({ label, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={selectClass} {...select}>
        {children}
      </select>
    </div>
  );
}

export function SectionTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <h2 className="mb-4 flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
      <span aria-hidden="true" className="text-cyan [&>svg]:size-5">
        {icon}
      </span>
      {children}
    </h2>
  );
}
