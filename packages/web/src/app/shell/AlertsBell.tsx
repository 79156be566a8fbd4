// The bell in the bar: the player's unread alerts at a glance on every page and every width; it opens the inbox.
import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { useAlerts } from "../../features/alerts/api";
import { cn } from "../../ui/cn";

/** Past this the badge says 99+: the bar keeps its width on a phone. */
const MAX_SHOWN = 99;

export function AlertsBell() {
  const unread = useAlerts().data?.unreadCount ?? 0;
  const label = unread === 0 ? "Alerts" : `Alerts, ${unread} unread`;
  return (
    <NavLink
      to="/alerts"
      aria-label={label}
      title={label}
      data-testid="alerts-bell"
      data-unread={unread}
      className={({ isActive }) =>
        cn(
          "relative grid size-10 place-items-center rounded-md border text-cyan transition hover:border-cyan hover:bg-cyan/10",
          isActive ? "border-cyan bg-cyan/12" : "border-cyan/30",
        )
      }
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-magenta px-1 text-center font-display text-[0.7rem] font-bold leading-5 text-void shadow-[0_0_10px_rgb(255_43_214/0.6)]"
        >
          {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
        </span>
      )}
    </NavLink>
  );
}
