// The global chat: a floating button at the bottom right of every page (public shell too) that opens a small
// panel titled Chat with the latest 50 messages, oldest first. Signed out it can be read but not written
// ('Please login to chat'). An unread badge counts what arrived while the panel was closed.
import type { ChatMessage } from "@bot-arena/contract";
import { CHAT_MESSAGE_MAX, chatLength, cleanChatMessage, messages as texts } from "@bot-arena/game";
import { EyeOff, MessageSquare, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiError, errorMessage } from "../../app/api";
import { useMe } from "../../app/session";
import { chatButton, chatCorner } from "../../app/shell/floatingButtons";
import { useOnePanelAtATime } from "../../app/shell/onePanelAtATime";
import { cn } from "../../ui/cn";
import { IconButton } from "../../ui/IconButton";
import { Spinner } from "../../ui/Spinner";
import { ChatLine, type ChatLineActions } from "./ChatLine";
import { MuteDialog } from "./MuteDialog";
import { useChatActions, useChatLive, useChatMessages, useHiddenPlayers, useSendMessage } from "./useChat";

const localTime = (iso: string) =>
  new Date(iso).toLocaleString([], { hour: "2-digit", minute: "2-digit", month: "short", day: "numeric" });

export default function ChatWidget({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const me = useMe().data ?? null;
  const [open, setOpen] = useState(initiallyOpen);
  const [unread, setUnread] = useState(0);
  useOnePanelAtATime("chat", open, () => setOpen(false));
  const panelId = useId();
  const openRef = useRef(open);
  openRef.current = open;

  useChatLive({
    open,
    meId: me?.id ?? null,
    onUnread: (count) => {
      if (!openRef.current) setUnread((n) => n + count);
    },
  });

  const toggle = () => {
    setOpen((o) => !o);
    setUnread(0);
  };

  return (
    <div className={chatCorner}>
      {open && <ChatPanel id={panelId} me={me} onClose={toggle} />}
      <button
        type="button"
        onClick={toggle}
        aria-label={open ? "Close chat" : unread > 0 ? `Open chat (${unread} unread)` : "Open chat"}
        aria-expanded={open}
        aria-controls={panelId}
        className={chatButton}
      >
        {open ? (
          <X className="size-6" aria-hidden="true" />
        ) : (
          <MessageSquare className="size-6" aria-hidden="true" />
        )}
        {!open && unread > 0 && (
          <span
            data-testid="chat-unread"
            className="absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full border-2 border-abyss bg-danger px-1 font-display text-[0.7rem] font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
    </div>
  );
}

function ChatPanel({
  id,
  me,
  onClose,
}: {
  id: string;
  me: { id: string; username: string; isAdmin: boolean } | null;
  onClose(): void;
}) {
  const titleId = useId();
  const chat = useChatMessages({ signedIn: me !== null, open: true });
  const hidden = useHiddenPlayers(me !== null);
  const actions = useChatActions();
  const [muting, setMuting] = useState<ChatMessage | null>(null);
  const [showHidden, setShowHidden] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const count = chat.data?.messages.length ?? 0;

  useEffect(() => {
    // New lines scroll into view; `count` is the trigger, the list itself is read from the ref.
    void count;
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [count]);

  const run = async (work: Promise<{ message?: string }>, fallback: string) => {
    try {
      const result = await work;
      if (result.message) toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error, fallback));
    }
  };

  const lineActions: ChatLineActions | null = me
    ? {
        report: (m) => void run(actions.report.mutateAsync(m.id), "Failed to report message"),
        hide: (m) => void run(actions.hide.mutateAsync(m.userId!), "Failed to hide player"),
        ...(me.isAdmin
          ? {
              remove: (m: ChatMessage) =>
                void run(actions.remove.mutateAsync(m.id), "Failed to delete message"),
              mute: (m: ChatMessage) => setMuting(m),
            }
          : {}),
      }
    : null;

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn(
        "pointer-events-auto flex flex-col overflow-hidden rounded-xl border border-magenta/40 bg-abyss/95 shadow-[0_0_40px_rgb(255_43_214/0.25)] backdrop-blur-md motion-safe:animate-pop-in",
        // A phone gets a sheet the width of the screen above the dock; larger screens a panel by the button.
        "fixed inset-x-2 bottom-[5.75rem] h-[min(70dvh,30rem)] sm:static sm:h-[30rem] sm:w-[22rem]",
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b border-magenta/20 bg-linear-to-r from-magenta/10 to-cyan/10 px-4 py-2.5">
        <h2 id={titleId} className="font-display text-xs font-bold tracking-[0.3em] text-magenta">
          Chat
        </h2>
        <div className="flex items-center gap-1">
          {me && (hidden.data?.length ?? 0) > 0 && (
            <IconButton
              label={`Hidden players (${hidden.data?.length ?? 0})`}
              size="sm"
              aria-pressed={showHidden}
              onClick={() => setShowHidden((s) => !s)}
            >
              <EyeOff className="size-4" aria-hidden="true" />
            </IconButton>
          )}
          <IconButton label="Close chat panel" size="sm" onClick={onClose}>
            <X className="size-4" aria-hidden="true" />
          </IconButton>
        </div>
      </header>

      {showHidden && me && (
        <ul aria-label="Hidden players" className="space-y-1 border-b border-magenta/20 px-4 py-2 text-sm">
          {(hidden.data ?? []).map((player) => (
            <li key={player.userId} className="flex items-center justify-between gap-2">
              <span className="truncate text-muted">{player.username}</span>
              <button
                type="button"
                className="cursor-pointer text-xs font-bold text-cyan hover:underline"
                onClick={() => void run(actions.unhide.mutateAsync(player.userId), "Failed to show player")}
              >
                Show {player.username}
              </button>
            </li>
          ))}
        </ul>
      )}

      <ol
        ref={listRef}
        aria-label="Chat messages"
        aria-live="polite"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the lines scroll, and signed out nothing in them takes focus (axe scrollable-region-focusable).
        tabIndex={0}
        className="flex-1 space-y-1 overflow-y-auto p-2"
      >
        {chat.isPending && (
          <li className="grid h-full place-items-center">
            <Spinner />
          </li>
        )}
        {chat.isError && <li className="p-2 text-sm text-danger">Failed to load messages</li>}
        {chat.data?.messages.length === 0 && (
          <li className="p-4 text-center text-sm text-muted">No messages yet. Say hello!</li>
        )}
        {chat.data?.messages.map((message) => (
          <ChatLine key={message.id} message={message} reader={me} actions={lineActions} />
        ))}
      </ol>

      {me ? (
        <Composer mutedUntil={chat.data?.mutedUntil ?? null} />
      ) : (
        <p className="border-t border-magenta/20 px-4 py-3 text-center text-sm text-muted">
          <Link to="/auth" className="font-bold text-cyan hover:underline">
            {texts.loginToChat}
          </Link>
        </p>
      )}

      {muting && (
        <MuteDialog
          username={muting.username}
          open
          busy={actions.mute.isPending}
          onOpenChange={(isOpen) => !isOpen && setMuting(null)}
          onMute={(minutes, reason) =>
            void run(
              actions.mute.mutateAsync({ userId: muting.userId!, minutes, reason }),
              "Failed to mute player",
            ).then(() => setMuting(null))
          }
        />
      )}
    </section>
  );
}

function Composer({ mutedUntil }: { mutedUntil: string | null }) {
  const [text, setText] = useState("");
  const send = useSendMessage();
  const inputId = useId();
  const length = chatLength(text);
  const muted = mutedUntil !== null && new Date(mutedUntil).getTime() > Date.now();

  const submit = async () => {
    const clean = cleanChatMessage(text);
    // Whitespace (or invisible characters) alone is not sent.
    if (clean === "" || send.isPending) return;
    // The box empties at once so the next line can be typed while this one travels; what is typed meanwhile
    // is never wiped by the answer, and a refused line comes back if the box is still empty.
    const sent = text;
    setText("");
    try {
      await send.mutateAsync(sent);
    } catch (error) {
      setText((current) => (current === "" ? sent : current));
      const until = error instanceof ApiError ? error.fields?.mutedUntil : undefined;
      const reason = until ? `You are muted until ${localTime(until)}` : errorMessage(error, "");
      toast.error(texts.chatSendFailed, reason ? { description: reason } : {});
    }
  };

  if (muted) {
    return (
      <p
        role="status"
        className="border-t border-danger/40 bg-danger/10 px-4 py-3 text-center text-sm text-danger"
      >
        You are muted until {localTime(mutedUntil)}
      </p>
    );
  }

  return (
    <form
      className="border-t border-magenta/20 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          id={inputId}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          placeholder="Type a message..."
          autoComplete="off"
          className="h-10 min-w-0 flex-1 rounded-md border border-cyan/25 bg-void/70 px-3 text-sm text-ink placeholder:text-muted/60 focus:border-cyan focus:outline-none"
        />
        <IconButton label="Send" type="submit" disabled={send.isPending || cleanChatMessage(text) === ""}>
          <Send className="size-4" aria-hidden="true" />
        </IconButton>
      </div>
      <p
        aria-live="polite"
        className={cn(
          "mt-1 text-right text-[0.7rem] tabular-nums",
          length >= CHAT_MESSAGE_MAX ? "text-amber" : "text-muted",
        )}
      >
        {length}/{CHAT_MESSAGE_MAX}
      </p>
    </form>
  );
}
