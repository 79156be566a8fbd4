// A router link in the look of a Button.
import type { ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./Button";

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; icon?: ReactNode };

export function ButtonLink({ variant, size, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClass(variant, size, typeof className === "string" ? className : undefined)}
      {...rest}
    >
      {icon}
      {children}
    </Link>
  );
}
