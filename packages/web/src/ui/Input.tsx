// A labelled text field with its error wired to aria-invalid / aria-describedby.
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "./cn";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  icon?: ReactNode;
  hint?: string;
};

export function Field({ label, error, icon, hint, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={inputId} className="block text-sm font-semibold uppercase tracking-[0.14em] text-muted">
        {label}
      </label>
      <div className="relative">
        {icon && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-cyan/70"
          >
            {icon}
          </span>
        )}
        <Input
          id={inputId}
          invalid={Boolean(error)}
          aria-describedby={describedBy}
          withIcon={Boolean(icon)}
          {...input}
        />
      </div>
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean; withIcon?: boolean };

export function Input({ invalid = false, withIcon = false, className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(
        "h-12 w-full rounded-md border bg-void/70 px-3 text-base font-medium text-ink placeholder:text-muted/60",
        "transition focus:border-cyan focus:shadow-[0_0_0_3px_rgb(34_229_255/0.18)] focus:outline-none",
        invalid ? "border-danger/80" : "border-cyan/25 hover:border-cyan/50",
        withIcon && "pl-10",
        className,
      )}
      {...rest}
    />
  );
}
