// Buttons in the game's chamfered neon style (a router link that looks like one: ButtonLink.tsx). No router here:
// /auth's form uses Button before the app has loaded.
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "dangerOutline";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "relative isolate inline-flex items-center justify-center gap-2 font-display font-bold uppercase tracking-[0.14em] " +
  "transition duration-200 select-none cursor-pointer disabled:cursor-not-allowed disabled:opacity-45 " +
  "aria-disabled:cursor-not-allowed aria-disabled:opacity-45 focus-visible:[clip-path:none]";

const variants: Record<ButtonVariant, string> = {
  primary:
    "clip-chamfer-sm bg-linear-to-r from-cyan to-[#4f8cff] text-void hover:brightness-125 " +
    "hover:shadow-[0_0_24px_rgb(34_229_255/0.55)] active:brightness-95",
  // A gradient rim drawn by the element, its dark face by ::before: clip-path would cut a real border.
  secondary:
    "clip-chamfer-sm bg-linear-to-r from-magenta to-violet text-ink hover:text-white " +
    "before:absolute before:inset-px before:-z-10 before:clip-chamfer-sm before:bg-abyss before:content-[''] " +
    "hover:before:bg-[#1a0f2e]",
  ghost: "rounded-md text-muted hover:text-cyan hover:bg-cyan/10",
  danger:
    "clip-chamfer-sm bg-linear-to-r from-danger to-magenta text-white hover:brightness-125 " +
    "hover:shadow-[0_0_24px_rgb(255_59_92/0.5)]",
  // A way out that should not be the loudest thing on its page (Leave Guild); its dialog asks first.
  dangerOutline:
    "rounded-md border border-danger/45 text-danger/90 hover:border-danger hover:bg-danger/10 hover:text-danger",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-[0.7rem]",
  md: "h-11 px-5 text-xs",
  lg: "h-14 px-8 text-sm",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks; the label stays so the button keeps its size. */
  busy?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant,
  size,
  busy = false,
  icon,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
