// A modal on Radix Dialog. `dismissible={false}` is for the spec's dialogs that must be completed
// (summon naming and stat allocation): no close button, no Escape, no outside click.

import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";

type DialogProps = {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  dismissible?: boolean;
  className?: string;
};

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  className,
}: DialogProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={dismissible ? onOpenChange : undefined}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-void/80 backdrop-blur-sm" />
        <RadixDialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          // Radix warns about a missing description unless told there is none on purpose.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2",
            "rounded-xl border border-cyan/40 bg-abyss p-6 shadow-[0_0_40px_rgb(34_229_255/0.25)] focus:outline-none",
            className,
          )}
        >
          <RadixDialog.Title className="pr-8 font-display text-lg font-bold uppercase tracking-wider text-cyan text-glow-cyan">
            {title}
          </RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>
          )}
          <div className="mt-5">{children}</div>
          {dismissible && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-muted transition hover:bg-cyan/10 hover:text-cyan"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
