// The chat's data: the latest messages (polled while signed out, live while signed in and open), the reader's
// hidden players, and the actions. Live events carry the message itself, so a new line shows without a
// refetch; a deletion removes it from every open panel; a reconnect or an opening refetches what was missed.
import {
  CHAT_UNREAD_CHANNEL,
  type ChatMessage,
  type ChatMessageList,
  chatLiveKinds,
  type HiddenPlayers,
} from "@bot-arena/contract";
import { CHAT_HISTORY_SIZE } from "@bot-arena/game";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../app/call";
import { RESYNC } from "../../app/live";
import { useLiveChannel } from "../../app/useLive";
import { chatKeys } from "./keys";

/** Signed out there is no socket: an open panel asks every few seconds instead. */
const SIGNED_OUT_POLL_MS = 5_000;

export function useChatMessages(options: { signedIn: boolean; open: boolean }) {
  return useQuery({
    queryKey: chatKeys.messages,
    queryFn: ({ signal }) => call("listChat", {}, signal),
    refetchInterval: !options.signedIn && options.open ? SIGNED_OUT_POLL_MS : false,
    staleTime: options.signedIn ? Number.POSITIVE_INFINITY : 0,
  });
}

export function useHiddenPlayers(signedIn: boolean) {
  return useQuery({
    queryKey: chatKeys.hidden,
    queryFn: ({ signal }) => call("listHidden", {}, signal),
    enabled: signedIn,
    select: (data) => data.players,
  });
}

function appendMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<ChatMessageList>(chatKeys.messages, (old) => {
    if (!old || old.messages.some((m) => m.id === message.id)) return old;
    return { ...old, messages: [...old.messages, message].slice(-CHAT_HISTORY_SIZE) };
  });
}

function removeMessage(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<ChatMessageList>(chatKeys.messages, (old) =>
    old ? { ...old, messages: old.messages.filter((m) => m.id !== id) } : old,
  );
}

/**
 * Keeps the cached chat current while the panel is open (every message, every deletion, live). While it is
 * closed only the badge needs feeding: the `chat-unread` digest says every two seconds who wrote, and
 * `onUnread` hears how many of those lines this reader would see (not their own, not hidden players'). The
 * lines themselves are fetched again when the panel opens.
 */
export function useChatLive(options: { open: boolean; meId: string | null; onUnread(count: number): void }) {
  const queryClient = useQueryClient();
  const { open } = options;
  // The badge filters by it before the panel (which shows the list) was ever opened.
  useHiddenPlayers(options.meId !== null);
  useLiveChannel(open ? "chat" : CHAT_UNREAD_CHANNEL, (event) => {
    if (event.kind === RESYNC) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
      return;
    }
    const hidden = new Set(
      (queryClient.getQueryData<HiddenPlayers>(chatKeys.hidden)?.players ?? []).map((p) => p.userId),
    );
    if (event.kind === chatLiveKinds.unread && Array.isArray(event.data?.from)) {
      const from = event.data.from as (string | null)[];
      const seen = from.filter((userId) => userId !== options.meId && !(userId && hidden.has(userId)));
      if (seen.length > 0) options.onUnread(seen.length);
    }
    if (event.kind === chatLiveKinds.message) {
      const message = event.data?.message as ChatMessage | undefined;
      if (!message || (message.userId && hidden.has(message.userId))) return;
      appendMessage(queryClient, message);
    }
    if (event.kind === chatLiveKinds.deleted && typeof event.data?.id === "string") {
      removeMessage(queryClient, event.data.id);
    }
  });
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
  }, [open, queryClient]);
  useLiveChannel("me", (event) => {
    if (event.kind !== chatLiveKinds.muted) return;
    const mutedUntil = (event.data?.mutedUntil as string | null | undefined) ?? null;
    queryClient.setQueryData<ChatMessageList>(chatKeys.messages, (old) =>
      old ? { ...old, mutedUntil } : old,
    );
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call("sendChat", { body: { message } }),
    onSuccess: (message) => appendMessage(queryClient, message),
  });
}

export function useChatActions() {
  const queryClient = useQueryClient();
  const refreshAfterHiding = (data: HiddenPlayers) => {
    queryClient.setQueryData(chatKeys.hidden, data);
    void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
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
        void queryClient.invalidateQueries({ queryKey: chatKeys.reports });
      },
    }),
    mute: useMutation({
      mutationFn: (body: { userId: string; minutes: number; reason: string }) =>
        call("muteChatPlayer", { body }),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.mutes }),
    }),
  };
}
