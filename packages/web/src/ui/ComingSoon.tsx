// The stand-in body of a page whose feature has not shipped yet; each feature replaces its own page file.
import { Radar } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "./PageHeader";
import { Panel } from "./Panel";

export function ComingSoon({ title, icon }: { title: string; icon?: ReactNode }) {
  return (
    <div>
      <PageHeader title={title} icon={icon} />
      <Panel>
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <Radar className="size-12 animate-glow-pulse text-cyan" aria-hidden="true" />
          <p className="font-display text-sm font-bold uppercase tracking-[0.2em] text-muted">
            This area opens soon
          </p>
        </div>
      </Panel>
    </div>
  );
}
