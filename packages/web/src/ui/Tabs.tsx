// Radix tabs dressed as HUD switches.
import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn("flex gap-1 rounded-lg border border-cyan/20 bg-void/60 p-1", className)}
      {...rest}
    />
  );
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        // Narrower on a phone, where three tabs share about 300 px.
        "flex-1 cursor-pointer rounded-md px-2 py-2.5 font-display text-xs font-bold uppercase tracking-[0.08em] text-muted sm:px-4 sm:tracking-[0.14em]",
        "transition hover:text-ink data-[state=active]:bg-cyan/15 data-[state=active]:text-cyan",
        "data-[state=active]:shadow-[inset_0_0_0_1px_rgb(34_229_255/0.5),0_0_16px_rgb(34_229_255/0.2)]",
        "disabled:cursor-not-allowed disabled:opacity-40",
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("mt-4 focus-visible:outline-none", className)} {...rest} />;
}
