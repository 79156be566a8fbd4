// The empty state of screens that need an active bot (arena, training): what is missing and where to go.
import { Bot as BotIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Panel } from "../../ui/Panel";

export function NoActiveBotPanel({
  title,
  text,
  children,
}: {
  title?: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Panel>
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <BotIcon className="size-14 text-muted" aria-hidden="true" />
        {title && (
          <h2 className="font-display text-xl font-bold uppercase tracking-widest text-ink">{title}</h2>
        )}
        <p className={title ? "max-w-md text-muted" : "max-w-md text-lg text-ink"}>{text}</p>
        <div className="flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </Panel>
  );
}
