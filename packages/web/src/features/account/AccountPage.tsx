// /account: who is signed in, a new password (every other device is signed out), 'Sign out everywhere', and
// notifications when away.
import { BellRing, MonitorSmartphone, ShieldCheck, UserCog } from "lucide-react";
import type { ReactNode } from "react";
import { useMe } from "../../app/session";
import { PageHeader } from "../../ui/PageHeader";
import { Panel, type PanelTone } from "../../ui/Panel";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { PushSettings } from "./PushSettings";
import { SignOutEverywhere } from "./SignOutEverywhere";

function Section({
  title,
  icon,
  tone,
  children,
}: {
  title: string;
  icon: ReactNode;
  tone: PanelTone;
  children: ReactNode;
}) {
  return (
    <Panel tone={tone}>
      <section aria-label={title} className="space-y-5">
        <h2 className="flex items-center gap-3 font-display text-lg font-bold uppercase tracking-[0.14em] text-ink">
          {icon}
          {title}
        </h2>
        {children}
      </section>
    </Panel>
  );
}

export default function AccountPage() {
  const me = useMe().data;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Account"
        icon={<UserCog className="size-6" />}
        subtitle={me ? `${me.username} · ${me.email}` : undefined}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Section
          title="Change password"
          tone="cyan"
          icon={<ShieldCheck className="size-5 text-cyan" aria-hidden="true" />}
        >
          <p className="text-muted">Your other devices are signed out when the password changes.</p>
          <ChangePasswordForm />
        </Section>
        <Section
          title="Sign out everywhere"
          tone="magenta"
          icon={<MonitorSmartphone className="size-5 text-magenta" aria-hidden="true" />}
        >
          <SignOutEverywhere />
        </Section>
        <Section
          title="Notifications when away"
          tone="cyan"
          icon={<BellRing className="size-5 text-cyan" aria-hidden="true" />}
        >
          <PushSettings />
        </Section>
      </div>
    </div>
  );
}
