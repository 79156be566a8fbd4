// The chat's data: the latest messages (polled while signed out, live while signed in), the reader's hidden
// players, and the actions. Live events carry the message itself, so a new line shows without a refetch; a
// deletion removes it from every open panel; a reconnect refetches in case something was missed.
import {
  type ChatMessage,
  type ChatMessageList,
  chatLiveKinds,
  type HiddenPlayers,
} from "@bot-arena/contract";
import { CHAT_HISTORY_SIZE } from "@bot-arena/game";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** Keeps the cached chat current from the live channel; `onArrive` hears about each new message. */
export function useChatLive(onArrive: (message: ChatMessage) => void) {
  const queryClient = useQueryClient();
  useLiveChannel("chat", (event) => {
    if (event.kind === RESYNC) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages });
      return;
    }
    if (event.kind === chatLiveKinds.message) {
      const message = event.data?.message as ChatMessage | undefined;
      if (!message) return;
      const hidden = queryClient.getQueryData<HiddenPlayers>(chatKeys.hidden)?.players ?? [];
      if (hidden.some((p) => p.userId === message.userId)) return;
      appendMessage(queryClient, message);
      onArrive(message);
    }
    if (event.kind === chatLiveKinds.deleted && typeof event.data?.id === "string") {
      removeMessage(queryClient, event.data.id);
    }
  });
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
