// The chat: a floating button at the bottom right of every page (public shell too) that opens a small panel
// titled Chat. Signed out it holds only 'Please login to chat' (a link to /auth). Signed in it shows the global
// chat's latest 50 lines, oldest first, and for a guild's member a second tab, Guild, with the guild's own chat
// (the war's news among its lines). An unread badge counts what arrived unseen, on the button and on each tab.
import type { ChatMessage, GuildChat } from "@bot-arena/contract";
import { messages as texts } from "@bot-arena/game";
import { EyeOff, LogIn, MessageSquare, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { useMe } from "../../app/session";
import { chatButton, chatCorner } from "../../app/shell/floatingButtons";
import { useOnePanelAtATime } from "../../app/shell/onePanelAtATime";
import { cn } from "../../ui/cn";
import { IconButton } from "../../ui/IconButton";
import { Spinner } from "../../ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/Tabs";
import { ChatLine, type ChatLineActions } from "./ChatLine";
import { Composer } from "./Composer";
import { MuteDialog } from "./MuteDialog";
import {
  useChatActions,
  useChatLive,
  useChatMessages,
  useGuildChat,
  useGuildChatLive,
  useHiddenPlayers,
} from "./useChat";

type Reader = { id: string; username: string; isAdmin: boolean };
type Tab = "global" | "guild";
type Unread = Record<Tab, number>;

const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

export default function ChatWidget({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const me = useMe().data ?? null;
  const [open, setOpen] = useState(initiallyOpen);
  const [chosenTab, setTab] = useState<Tab>("global");
  const [unread, setUnread] = useState<Unread>({ global: 0, guild: 0 });
  useOnePanelAtATime("chat", open, () => setOpen(false));
  const panelId = useId();
  const guildChat = useGuildChat(me !== null);
  const guild = guildChat.data?.guild ?? null;
  // A player who left their guild is back on the global chat.
  const tab: Tab = guild ? chosenTab : "global";
  const seen = useRef({ open, tab });
  seen.current = { open, tab };
  const addUnread = (which: Tab, count: number) => {
    if (seen.current.open && seen.current.tab === which) return;
    setUnread((u) => ({ ...u, [which]: u[which] + count }));
  };

  useChatLive({ open, meId: me?.id ?? null, onUnread: (count) => addUnread("global", count) });
  useGuildChatLive({
    guildId: guild?.id ?? null,
    meId: me?.id ?? null,
    onUnread: () => addUnread("guild", 1),
  });

  const read = (which: Tab) => setUnread((u) => (u[which] === 0 ? u : { ...u, [which]: 0 }));
  const toggle = () => {
    if (!open) read(tab);
    setOpen((o) => !o);
  };
  const choose = (which: Tab) => {
    setTab(which);
    read(which);
  };
  const total = unread.global + (guild ? unread.guild : 0);

  return (
    <div className={chatCorner}>
      {open &&
        (me ? (
          <ChatPanel
            id={panelId}
            me={me}
            guildChat={guildChat.data ?? null}
            tab={tab}
            unread={unread}
            onTab={choose}
            onClose={toggle}
          />
        ) : (
          <SignedOutPanel id={panelId} onClose={toggle} />
        ))}
      <button
        type="button"
        onClick={toggle}
        aria-label={open ? "Close chat" : total > 0 ? `Open chat (${total} unread)` : "Open chat"}
        aria-expanded={open}
        aria-controls={panelId}
        className={chatButton}
      >
        {open ? (
          <X className="size-6" aria-hidden="true" />
        ) : (
          <MessageSquare className="size-6" aria-hidden="true" />
        )}
        {!open && total > 0 && (
          <span
            data-testid="chat-unread"
            className="absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full border-2 border-abyss bg-danger px-1 font-display text-[0.7rem] font-bold text-white"
          >
            {badgeText(total)}
          </span>
        )}
      </button>
    </div>
  );
}

const panelFrame =
  "pointer-events-auto flex flex-col overflow-hidden rounded-xl border border-magenta/40 bg-abyss/95 shadow-[0_0_40px_rgb(255_43_214/0.25)] backdrop-blur-md motion-safe:animate-pop-in";

function PanelHeader({
  titleId,
  onClose,
  children,
}: {
  titleId: string;
  onClose(): void;
  children?: React.ReactNode;
}) {
  return (
    <header className="flex items-center justify-between gap-2 border-b border-magenta/20 bg-linear-to-r from-magenta/10 to-cyan/10 px-4 py-2.5">
      <h2 id={titleId} className="font-display text-xs font-bold tracking-[0.3em] text-magenta">
        Chat
      </h2>
      <div className="flex items-center gap-1">
        {children}
        <IconButton label="Close chat panel" size="sm" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </IconButton>
      </div>
    </header>
  );
}

/** Signed out: the spec's 'Please login to chat' and nothing else (no lines, no invitation to write). */
function SignedOutPanel({ id, onClose }: { id: string; onClose(): void }) {
  const titleId = useId();
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn(panelFrame, "fixed inset-x-2 bottom-[5.75rem] sm:static sm:w-[22rem]")}
    >
      <PanelHeader titleId={titleId} onClose={onClose} />
      <div className="grid place-items-center gap-2 px-6 py-7 text-center">
        <span className="grid size-12 place-items-center rounded-full border border-cyan/40 bg-cyan/10 text-cyan">
          <LogIn className="size-5" aria-hidden="true" />
        </span>
        <Link
          to="/auth"
          className="inline-flex min-h-11 items-center px-3 font-display text-sm font-bold tracking-wide text-cyan hover:underline"
        >
          {texts.loginToChat}
        </Link>
      </div>
    </section>
  );
}

function ChatPanel({
  id,
  me,
  guildChat,
  tab,
  unread,
  onTab,
  onClose,
}: {
  id: string;
  me: Reader;
  guildChat: GuildChat | null;
  tab: Tab;
  unread: Unread;
  onTab(tab: Tab): void;
  onClose(): void;
}) {
  const titleId = useId();
  const chat = useChatMessages();
  const hidden = useHiddenPlayers(true);
  const actions = useChatActions();
  const [muting, setMuting] = useState<ChatMessage | null>(null);
  const [showHidden, setShowHidden] = useState(false);
  const guild = guildChat?.guild ?? null;

  const run = async (work: Promise<{ message?: string }>, fallback: string) => {
    try {
      const result = await work;
      if (result.message) toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error, fallback));
    }
  };

  const common = {
    report: (m: ChatMessage) => void run(actions.report.mutateAsync(m.id), "Failed to report message"),
    hide: (m: ChatMessage) => void run(actions.hide.mutateAsync(m.userId!), "Failed to hide player"),
    ...(me.isAdmin ? { mute: (m: ChatMessage) => setMuting(m) } : {}),
  };
  const adminRemove = (m: ChatMessage) =>
    void run(actions.remove.mutateAsync(m.id), "Failed to delete message");
  const globalActions: ChatLineActions = { ...common, ...(me.isAdmin ? { remove: adminRemove } : {}) };
  // The guild's leader and officers delete through the guild; an admin who is neither, as an admin.
  const guildActions: ChatLineActions = {
    ...common,
    ...(guild && guildChat?.canModerate
      ? {
          remove: (m: ChatMessage) =>
            void run(
              actions.removeGuildLine.mutateAsync({ guildId: guild.id, id: m.id }),
              "Failed to delete message",
            ),
        }
      : me.isAdmin
        ? { remove: adminRemove }
        : {}),
  };

  const globalView = (
    <ChannelView
      label="Chat messages"
      lines={chat.data?.messages}
      pending={chat.isPending}
      failed={chat.isError}
      me={me}
      actions={globalActions}
      composer={<Composer mutedUntil={chat.data?.mutedUntil ?? null} guildId={null} />}
    />
  );

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn(
        panelFrame,
        // A phone gets a sheet the width of the screen above the dock; larger screens a panel by the button.
        "fixed inset-x-2 bottom-[5.75rem] h-[min(70dvh,30rem)] sm:static sm:h-[30rem] sm:w-[22rem]",
      )}
    >
      <PanelHeader titleId={titleId} onClose={onClose}>
        {(hidden.data?.length ?? 0) > 0 && (
          <IconButton
            label={`Hidden players (${hidden.data?.length ?? 0})`}
            size="sm"
            aria-pressed={showHidden}
            onClick={() => setShowHidden((s) => !s)}
          >
            <EyeOff className="size-4" aria-hidden="true" />
          </IconButton>
        )}
      </PanelHeader>

      {showHidden && (
        <ul aria-label="Hidden players" className="space-y-1 border-b border-magenta/20 px-4 py-2 text-sm">
          {(hidden.data ?? []).map((player) => (
            <li key={player.userId} className="flex items-center justify-between gap-2">
              <span className="break-words text-muted">{player.username}</span>
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

      {guild && guildChat ? (
        <Tabs
          value={tab}
          onValueChange={(value) => onTab(value as Tab)}
          className="flex min-h-0 flex-1 flex-col"
        >
          <TabsList aria-label="Chats" className="mx-2 mt-2">
            <ChatTab value="global" label="Global" unread={tab === "global" ? 0 : unread.global} />
            <ChatTab
              value="guild"
              label={`Guild [${guild.tag}]`}
              unread={tab === "guild" ? 0 : unread.guild}
            />
          </TabsList>
          <TabsContent value="global" className="mt-0 flex min-h-0 flex-1 flex-col">
            {globalView}
          </TabsContent>
          <TabsContent value="guild" className="mt-0 flex min-h-0 flex-1 flex-col">
            <ChannelView
              label={`${guild.name} guild chat`}
              lines={guildChat.messages}
              pending={false}
              failed={false}
              me={me}
              actions={guildActions}
              empty="No guild messages yet. Say hello to your guild!"
              composer={<Composer mutedUntil={guildChat.mutedUntil} guildId={guild.id} />}
            />
          </TabsContent>
        </Tabs>
      ) : (
        globalView
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

function ChatTab({ value, label, unread }: { value: Tab; label: string; unread: number }) {
  return (
    <TabsTrigger value={value} className="min-h-9 py-1.5">
      <span className="break-words">{label}</span>
      {unread > 0 && (
        <span
          data-testid={`chat-unread-${value}`}
          className="ml-1.5 inline-grid min-w-5 place-items-center rounded-full bg-danger px-1 text-[0.65rem] text-white normal-case tracking-normal"
        >
          <span className="sr-only">, unread: </span>
          {badgeText(unread)}
        </span>
      )}
    </TabsTrigger>
  );
}

/** One chat's lines (newest at the bottom, kept in view) and its message box. */
function ChannelView({
  label,
  lines,
  pending,
  failed,
  me,
  actions,
  composer,
  empty = "No messages yet. Say hello!",
}: {
  label: string;
  lines: ChatMessage[] | undefined;
  pending: boolean;
  failed: boolean;
  me: Reader;
  actions: ChatLineActions;
  composer: React.ReactNode;
  empty?: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const count = lines?.length ?? 0;

  useEffect(() => {
    // New lines scroll into view; `count` is the trigger, the list itself is read from the ref.
    void count;
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [count]);

  return (
    <>
      <ol
        ref={listRef}
        aria-label={label}
        aria-live="polite"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the lines scroll, and most of them hold nothing that takes focus (axe scrollable-region-focusable).
        tabIndex={0}
        className="flex-1 space-y-1 overflow-y-auto p-2"
      >
        {pending && (
          <li className="grid h-full place-items-center">
            <Spinner />
          </li>
        )}
        {failed && <li className="p-2 text-sm text-danger">Failed to load messages</li>}
        {lines?.length === 0 && <li className="p-4 text-center text-sm text-muted">{empty}</li>}
        {lines?.map((message) => (
          <ChatLine key={message.id} message={message} reader={me} actions={actions} />
        ))}
      </ol>
      {composer}
    </>
  );
}
