// The message box of either chat: up to 200 characters with a live count; a line empty after cleaning is not
// sent; a muted player sees until when instead.
import { CHAT_MESSAGE_MAX, chatLength, cleanChatMessage, messages as texts } from "@bot-arena/game";
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ApiError, errorMessage } from "../../app/api";
import { cn } from "../../ui/cn";
import { formatWhen } from "../../ui/dates";
import { IconButton } from "../../ui/IconButton";
import { useSendMessage } from "./useChat";

export const localTime = (iso: string) => formatWhen(iso);

/** `guildId`: the guild chat's box; null: the global chat's. */
export function Composer({ mutedUntil, guildId }: { mutedUntil: string | null; guildId: string | null }) {
  const [text, setText] = useState("");
  const send = useSendMessage(guildId);
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
          placeholder={guildId ? "Message your guild..." : "Type a message..."}
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
