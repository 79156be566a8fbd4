// A square icon-only button; `label` is required because an icon alone gives a screen reader nothing.
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & {
  label: string;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
  shape?: "square" | "round";
  glow?: boolean;
};

const sizes = { sm: "size-8", md: "size-10", lg: "size-12" };

export function IconButton({
  label,
  children,
  size = "md",
  shape = "square",
  glow = false,
  className,
  type = "button",
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex shrink-0 cursor-pointer items-center justify-center border border-cyan/30 bg-deep/70 text-cyan transition",
        "hover:border-cyan hover:bg-cyan/10 hover:text-white hover:shadow-[0_0_12px_rgb(34_229_255/0.4)]",
        "disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:shadow-none",
        shape === "round" ? "rounded-full" : "rounded-md",
        glow && "shadow-neon-cyan",
        sizes[size],
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
