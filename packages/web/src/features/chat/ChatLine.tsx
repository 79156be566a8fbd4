// One chat line: who, when, the text (always as text, never HTML) with the reader's own @name highlighted, and
// the actions on someone else's line: report and hide for players, delete for admins (and in a guild's chat its
// leader and officers), mute for admins. A system line (a war's news) has none.
import type { ChatMessage } from "@bot-arena/contract";
import { splitMentions } from "@bot-arena/game";
import { EyeOff, Flag, MoreHorizontal, Swords, Trash2, VolumeX } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { cn } from "../../ui/cn";
import { formatClock } from "../../ui/dates";
import { warCardRoute } from "../guild-wars/api";
import { SeasonTitleBadge } from "../seasons/SeasonTitleBadge";

export type ChatLineActions = {
  report(message: ChatMessage): void;
  hide(message: ChatMessage): void;
  remove?(message: ChatMessage): void;
  mute?(message: ChatMessage): void;
};

function ActionButton({ label, onClick, icon }: { label: string; onClick(): void; icon: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex cursor-pointer items-center gap-1 rounded border border-cyan/25 px-1.5 py-0.5 text-[0.7rem] font-semibold text-muted transition hover:border-cyan hover:text-cyan"
    >
      {icon}
      {label}
    </button>
  );
}

/**
 * The arena's own line (a war's news): no author to answer or report, set apart from the players' talk. A war's
 * line links to its card.
 */
function SystemLine({ message }: { message: ChatMessage }) {
  return (
    <li
      data-testid="chat-line"
      data-kind="system"
      className="flex items-start gap-2 rounded-md border border-amber/30 bg-amber/10 px-2 py-1.5"
    >
      <Swords className="mt-0.5 size-3.5 shrink-0 text-amber" aria-hidden="true" />
      <p className="min-w-0 flex-1 wrap-anywhere text-sm font-semibold text-amber">
        <span className="sr-only">{message.username}: </span>
        {message.warId ? (
          <Link to={warCardRoute(message.warId)} className="hover:underline" data-testid="war-line">
            {message.message}
          </Link>
        ) : (
          message.message
        )}
      </p>
      <time dateTime={message.createdAt} className="shrink-0 text-[0.7rem] tabular-nums text-muted">
        {formatClock(message.createdAt)}
      </time>
    </li>
  );
}

export function ChatLine({
  message,
  reader,
  actions,
}: {
  message: ChatMessage;
  reader: { id: string; username: string } | null;
  actions: ChatLineActions | null;
}) {
  const [menu, setMenu] = useState(false);
  if (message.kind === "system") return <SystemLine message={message} />;
  const own = reader !== null && message.userId === reader.id;
  const parts = splitMentions(message.message, reader?.username ?? null);
  const mentioned = parts.some((part) => part.mention);
  const canAct = actions !== null && !own && message.userId !== null;

  return (
    <li
      data-testid="chat-line"
      className={cn(
        "group rounded-md px-2 py-1.5",
        mentioned ? "bg-magenta/10 ring-1 ring-magenta/40" : "hover:bg-cyan/5",
      )}
    >
      <div className="flex items-baseline gap-2">
        <span className={cn("wrap-anywhere text-sm font-bold", own ? "text-lime" : "text-cyan")}>
          {message.username}
        </span>
        {message.authorTitle && <SeasonTitleBadge title={message.authorTitle} className="self-center" />}
        <time dateTime={message.createdAt} className="shrink-0 text-[0.7rem] tabular-nums text-muted">
          {formatClock(message.createdAt)}
        </time>
        {canAct && (
          <button
            type="button"
            aria-label={`Message actions for ${message.username}`}
            aria-expanded={menu}
            onClick={() => setMenu((m) => !m)}
            className="-my-0.5 ml-auto cursor-pointer rounded p-1 text-muted opacity-70 transition hover:text-cyan group-hover:opacity-100"
          >
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <p className="wrap-anywhere text-sm text-ink">
        {parts.map((part, index) =>
          part.mention ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message, in order
            <mark key={index} className="rounded bg-magenta/25 px-0.5 font-bold text-magenta">
              {part.text}
            </mark>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message, in order
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      {menu && actions && (
        <div className="mt-1 flex flex-wrap gap-1.5">
          <ActionButton
            label="Report"
            icon={<Flag className="size-3" aria-hidden="true" />}
            onClick={() => {
              setMenu(false);
              actions.report(message);
            }}
          />
          <ActionButton
            label={`Hide ${message.username}`}
            icon={<EyeOff className="size-3" aria-hidden="true" />}
            onClick={() => {
              setMenu(false);
              actions.hide(message);
            }}
          />
          {actions.remove && (
            <ActionButton
              label="Delete"
              icon={<Trash2 className="size-3" aria-hidden="true" />}
              onClick={() => {
                setMenu(false);
                actions.remove?.(message);
              }}
            />
          )}
          {actions.mute && (
            <ActionButton
              label={`Mute ${message.username}`}
              icon={<VolumeX className="size-3" aria-hidden="true" />}
              onClick={() => {
                setMenu(false);
                actions.mute?.(message);
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}
