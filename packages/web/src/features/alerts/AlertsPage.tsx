// /alerts: the player's inbox. Every alert of the last 30 days (at most 200), newest first, in the words its toast
// said; unread ones are marked, and each links where it happened (opening it marks it read). 'Mark all as read'
// clears the bell.
import { type Alert, type AlertText, alertText } from "@bot-arena/contract";
import { Bell, CheckCheck } from "lucide-react";
import { Link } from "react-router";
import { ScreenQueryView } from "../../app/QueryView";
import { Button, buttonClass } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { formatWhen } from "../../ui/dates";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { useAlerts, useMarkAlertsRead } from "./api";

const toneDot: Record<AlertText["tone"], string> = {
  info: "bg-cyan",
  success: "bg-lime",
  warning: "bg-amber",
  error: "bg-magenta",
};

/** A kind this build does not know yet (a newer server) still gets a row. */
const fallback = (alert: Alert): AlertText => ({
  tone: "info",
  title: "New alert",
  description: "",
  action: alert.link ? { label: "View", to: alert.link } : null,
});

export default function AlertsPage() {
  const inbox = useAlerts();
  const markRead = useMarkAlertsRead();
  const unread = inbox.data?.unreadCount ?? 0;
  const header = (
    <PageHeader
      title="Alerts"
      icon={<Bell className="size-6" />}
      subtitle="What happened while you were away: kept for 30 days."
      actions={
        unread > 0 && (
          <Button variant="secondary" size="sm" onClick={() => markRead.mutate(null)}>
            <CheckCheck className="size-4" aria-hidden="true" />
            Mark all as read
          </Button>
        )
      }
    />
  );
  return (
    <ScreenQueryView query={inbox} loading="Loading alerts" title="Failed to load alerts" above={header}>
      {(list) => (
        <div className="mx-auto max-w-3xl">
          {header}
          <Panel padded={false}>
            {list.alerts.length === 0 ? (
              <p className="px-5 py-10 text-center text-muted">
                No alerts yet. Results, war news and cash-outs you miss wait here.
              </p>
            ) : (
              <ul aria-label="Alerts" className="divide-y divide-cyan/10">
                {list.alerts.map((alert) => (
                  <AlertRow key={alert.id} alert={alert} onOpen={() => markRead.mutate(alert.id)} />
                ))}
              </ul>
            )}
          </Panel>
        </div>
      )}
    </ScreenQueryView>
  );
}

function AlertRow({ alert, onOpen }: { alert: Alert; onOpen: () => void }) {
  const said = alertText(alert.kind, alert.data) ?? fallback(alert);
  const unread = alert.readAt === null;
  return (
    <li
      data-testid="alert-row"
      data-kind={alert.kind}
      data-unread={unread}
      className={cn("flex items-start gap-3 px-4 py-4 sm:px-5", unread && "bg-cyan/5")}
    >
      <span
        aria-hidden="true"
        className={cn("mt-2 size-2.5 shrink-0 rounded-full", unread ? toneDot[said.tone] : "bg-steel")}
      />
      <div className="min-w-0 flex-1">
        <p className={cn("font-semibold wrap-anywhere", unread ? "text-ink" : "text-muted")}>
          {unread && <span className="sr-only">Unread: </span>}
          {said.title}
        </p>
        {said.description && <p className="mt-0.5 text-sm wrap-anywhere text-muted">{said.description}</p>}
        <p className="mt-1 text-xs text-muted/80">
          <time dateTime={alert.createdAt}>{formatWhen(alert.createdAt)}</time>
        </p>
      </div>
      {said.action && (
        <Link to={said.action.to} onClick={onOpen} className={buttonClass("ghost", "sm", "shrink-0")}>
          {said.action.label}
        </Link>
      )}
      {!said.action && unread && (
        <Button variant="ghost" size="sm" className="shrink-0" onClick={onOpen}>
          Mark read
        </Button>
      )}
    </li>
  );
}
