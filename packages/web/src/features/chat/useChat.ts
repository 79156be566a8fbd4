// The chat's data: the latest messages of the global chat (live while the panel is open) and of the reader's
// guild chat (live always), the reader's hidden players, and the actions. Live events carry the message itself,
// so a new line shows without a refetch; a deletion removes it from every open panel; a reconnect or an opening
// refetches what was missed.
import {
  CHAT_UNREAD_CHANNEL,
  type ChatMessage,
  type ChatMessageList,
  chatLiveKinds,
  type GuildChat,
  guildChatChannel,
  type HiddenPlayers,
} from "@bot-arena/contract";
import { CHAT_HISTORY_SIZE } from "@bot-arena/game";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../app/call";
import { RESYNC } from "../../app/live";
import { queryKeys } from "../../app/queryKeys";
import { useLiveChannel } from "../../app/useLive";

export const chatMessagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.chat.messages,
    queryFn: ({ signal }) => call("listChat", {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const guildChatQuery = () =>
  queryOptions({
    queryKey: queryKeys.chat.guild,
    queryFn: ({ signal }) => call("guildChat", {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const hiddenPlayersQuery = () =>
  queryOptions({
    queryKey: queryKeys.chat.hidden,
    queryFn: ({ signal }) => call("listHidden", {}, signal),
    select: (data) => data.players,
  });

export const chatReportsQuery = () =>
  queryOptions({
    queryKey: queryKeys.chat.reports,
    queryFn: ({ signal }) => call("listChatReports", {}, signal),
  });

export const chatMutesQuery = () =>
  queryOptions({
    queryKey: queryKeys.chat.mutes,
    queryFn: ({ signal }) => call("listChatMutes", {}, signal),
  });

/** Signed in only: a visitor's panel shows the login prompt and reads nothing. */
export const useChatMessages = () => useQuery(chatMessagesQuery());

/** The reader's guild chat (guild null without one); live events keep it current. */
export const useGuildChat = (signedIn: boolean) => useQuery({ ...guildChatQuery(), enabled: signedIn });

export const useHiddenPlayers = (signedIn: boolean) =>
  useQuery({ ...hiddenPlayersQuery(), enabled: signedIn });

/** The admin's moderation lists: reported messages and the players muted now. */
export const useChatReports = () => useQuery(chatReportsQuery());

export const useChatMutes = () => useQuery(chatMutesQuery());

/** Either chat's cached lines: the global list or the guild's. */
type Lines = { messages: ChatMessage[] };
type LinesKey = typeof queryKeys.chat.messages | typeof queryKeys.chat.guild;

function appendMessage(
  queryClient: QueryClient,
  message: ChatMessage,
  key: LinesKey = queryKeys.chat.messages,
) {
  queryClient.setQueryData<Lines>(key, (old) => {
    if (!old) return old;
    const known = old.messages.find((m) => m.id === message.id);
    // A repeat of a line already shown changes nothing; a war's line rewritten moves to the bottom.
    if (known && known.message === message.message && known.createdAt === message.createdAt) return old;
    const others = known ? old.messages.filter((m) => m.id !== message.id) : old.messages;
    return { ...old, messages: [...others, message].slice(-CHAT_HISTORY_SIZE) };
  });
}

function removeMessage(queryClient: QueryClient, id: string, key: LinesKey = queryKeys.chat.messages) {
  queryClient.setQueryData<Lines>(key, (old) =>
    old ? { ...old, messages: old.messages.filter((m) => m.id !== id) } : old,
  );
}

const hiddenIds = (queryClient: QueryClient) =>
  new Set(
    (queryClient.getQueryData<HiddenPlayers>(queryKeys.chat.hidden)?.players ?? []).map((p) => p.userId),
  );

/** A line another player (or the arena) wrote that this reader would see. */
const countsAsUnread = (message: ChatMessage, meId: string | null, hidden: Set<string>) =>
  message.userId !== meId && !(message.userId && hidden.has(message.userId));

/**
 * Keeps the cached chat current while the panel is open (every message, every deletion, live). While it is
 * closed only the badge needs feeding: the `chat-unread` digest says every two seconds who wrote, and
 * `onUnread` hears how many of those lines this reader would see (not their own, not hidden players'). The
 * lines themselves are fetched again when the panel opens.
 */
export function useChatLive(options: {
  open: boolean;
  meId: string | null;
  /** Lines others wrote: counted from the digest while closed, one by one while open. */
  onUnread(count: number): void;
}) {
  const queryClient = useQueryClient();
  const { open } = options;
  // The badge filters by it before the panel (which shows the list) was ever opened.
  useHiddenPlayers(options.meId !== null);
  useLiveChannel(open ? "chat" : CHAT_UNREAD_CHANNEL, (event) => {
    if (event.kind === RESYNC) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages });
      return;
    }
    const hidden = hiddenIds(queryClient);
    if (event.kind === chatLiveKinds.unread && Array.isArray(event.data?.from)) {
      const from = event.data.from as (string | null)[];
      const seen = from.filter((userId) => userId !== options.meId && !(userId && hidden.has(userId)));
      if (seen.length > 0) options.onUnread(seen.length);
    }
    if (event.kind === chatLiveKinds.message) {
      const message = event.data?.message as ChatMessage | undefined;
      if (!message || (message.userId && hidden.has(message.userId))) return;
      appendMessage(queryClient, message);
      if (countsAsUnread(message, options.meId, hidden)) options.onUnread(1);
    }
    if (event.kind === chatLiveKinds.deleted && typeof event.data?.id === "string") {
      removeMessage(queryClient, event.data.id);
    }
  });
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages });
  }, [open, queryClient]);
  useLiveChannel("me", (event) => {
    if (event.kind === chatLiveKinds.guildMembership) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.guild });
      return;
    }
    if (event.kind !== chatLiveKinds.muted) return;
    const mutedUntil = (event.data?.mutedUntil as string | null | undefined) ?? null;
    for (const key of [queryKeys.chat.messages, queryKeys.chat.guild]) {
      queryClient.setQueryData<ChatMessageList | GuildChat>(key, (old) =>
        old ? { ...old, mutedUntil } : old,
      );
    }
  });
}

/**
 * The reader's guild chat, live: a guild is small, so its channel is followed whether the panel is open or not,
 * and each line from someone else is `onUnread`. A socket that opens again fetches the lines again.
 */
export function useGuildChatLive(options: { guildId: string | null; meId: string | null; onUnread(): void }) {
  const queryClient = useQueryClient();
  const channel = options.guildId ? guildChatChannel(options.guildId) : null;
  useLiveChannel(channel, (event) => {
    if (event.kind === RESYNC) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.guild });
      return;
    }
    if (event.kind === chatLiveKinds.message) {
      const message = event.data?.message as ChatMessage | undefined;
      const hidden = hiddenIds(queryClient);
      if (!message || (message.userId && hidden.has(message.userId))) return;
      appendMessage(queryClient, message, queryKeys.chat.guild);
      if (countsAsUnread(message, options.meId, hidden)) options.onUnread();
    }
    if (event.kind === chatLiveKinds.deleted && typeof event.data?.id === "string") {
      removeMessage(queryClient, event.data.id, queryKeys.chat.guild);
    }
  });
}

/** Sends to the global chat, or to the guild's when `guildId` is given. */
export function useSendMessage(guildId: string | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      guildId
        ? call("sendGuildChat", { params: { id: guildId }, body: { message } })
        : call("sendChat", { body: { message } }),
    onSuccess: (message) =>
      appendMessage(queryClient, message, guildId ? queryKeys.chat.guild : queryKeys.chat.messages),
  });
}

export function useChatActions() {
  const queryClient = useQueryClient();
  const refreshAfterHiding = (data: HiddenPlayers) => {
    queryClient.setQueryData(queryKeys.chat.hidden, data);
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages });
  };
  return {
    report: useMutation({
      mutationFn: (id: string) => call("reportChat", { params: { id }, body: {} }),
    }),
    hide: useMutation({
      mutationFn: (userId: string) => call("hidePlayer", { body: { userId } }),
      onSuccess: refreshAfterHiding,
    }),
    unhide: useMutation({
      mutationFn: (userId: string) => call("unhidePlayer", { params: { userId } }),
      onSuccess: refreshAfterHiding,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call("deleteChatMessage", { params: { id } }),
      onSuccess: (_data, id) => {
        removeMessage(queryClient, id);
        removeMessage(queryClient, id, queryKeys.chat.guild);
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.reports });
      },
    }),
    /** The guild's leader or an officer deletes a line of its chat. */
    removeGuildLine: useMutation({
      mutationFn: (line: { guildId: string; id: string }) =>
        call("deleteGuildChatMessage", { params: { id: line.guildId, messageId: line.id } }),
      onSuccess: (_data, line) => removeMessage(queryClient, line.id, queryKeys.chat.guild),
    }),
    mute: useMutation({
      mutationFn: (body: { userId: string; minutes: number; reason: string }) =>
        call("muteChatPlayer", { body }),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.mutes }),
    }),
  };
}
