// The Moderation section of /admin: reported messages (delete, mute the author) and the players muted now
// (lift). The same actions are in the chat itself; every one is written to the operations log by the server.
import type { ChatReport } from "@bot-arena/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { formatWhen } from "../../ui/dates";
import { Panel } from "../../ui/Panel";
import { MuteDialog } from "./MuteDialog";
import { useChatActions, useChatMutes, useChatReports } from "./useChat";

export function ModerationPanel() {
  const queryClient = useQueryClient();
  const reports = useChatReports();
  const mutes = useChatMutes();
  const actions = useChatActions();
  const unmute = useMutation({
    mutationFn: (userId: string) => call("unmuteChatPlayer", { params: { userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.mutes }),
  });
  const [muting, setMuting] = useState<ChatReport | null>(null);

  const run = async (work: Promise<{ message: string }>, fallback: string) => {
    try {
      toast.success((await work).message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.reports });
    } catch (error) {
      toast.error(errorMessage(error, fallback));
    }
  };

  return (
    <div className="space-y-6">
      <Panel>
        <h2 className="mb-3 flex items-center gap-2 font-display text-lg font-bold uppercase tracking-widest text-ink">
          <ShieldAlert className="size-5 text-magenta" aria-hidden="true" />
          Reported Messages
        </h2>
        {reports.data?.reports.length === 0 && <p className="text-muted">No reports. The arena is civil.</p>}
        <ul className="space-y-3">
          {reports.data?.reports.map((report) => (
            <li key={report.messageId} className="rounded-md border border-cyan/20 bg-void/50 p-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-bold text-cyan">{report.username}</span>
                <span className="text-muted">{formatWhen(report.createdAt)}</span>
                <Badge tone={report.guild ? "magenta" : "neutral"}>
                  {report.guild ? `Guild [${report.guild.tag}]` : "Global chat"}
                </Badge>
                <Badge tone="danger">{report.reportCount} reports</Badge>
                {report.deleted && <Badge tone="neutral">Deleted</Badge>}
              </div>
              <p className="mt-1 wrap-anywhere text-ink">{report.message}</p>
              {report.reasons.length > 0 && (
                <p className="mt-1 text-xs text-muted">Reasons: {report.reasons.join(", ")}</p>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                {!report.deleted && (
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      void run(actions.remove.mutateAsync(report.messageId), "Failed to delete message")
                    }
                  >
                    Delete message
                  </Button>
                )}
                {report.userId && (
                  <Button size="sm" variant="secondary" onClick={() => setMuting(report)}>
                    Mute {report.username}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel>
        <h2 className="mb-3 font-display text-lg font-bold uppercase tracking-widest text-ink">
          Muted Players
        </h2>
        {mutes.data?.mutes.length === 0 && <p className="text-muted">Nobody is muted.</p>}
        <ul className="space-y-2">
          {mutes.data?.mutes.map((mute) => (
            <li key={mute.userId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <strong className="text-cyan">{mute.username}</strong> until {formatWhen(mute.mutedUntil)}
                <span className="text-muted"> · {mute.reason}</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void run(unmute.mutateAsync(mute.userId), "Failed to lift the mute")}
              >
                Lift mute
              </Button>
            </li>
          ))}
        </ul>
      </Panel>
      {muting?.userId && (
        <MuteDialog
          username={muting.username}
          open
          busy={actions.mute.isPending}
          onOpenChange={(open) => !open && setMuting(null)}
          onMute={(minutes, reason) =>
            void run(
              actions.mute.mutateAsync({ userId: muting.userId!, minutes, reason }),
              "Failed to mute player",
            ).then(() => setMuting(null))
          }
        />
      )}
    </div>
  );
}
