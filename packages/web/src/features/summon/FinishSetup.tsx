// Setting up a bot left for later, from Bot Command: its naming, then its 10 bonus points, in the summon
// flow's own dialogs (the same rules), which here can be closed to come back another time.
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { toast } from "sonner";
import { AllocateDialog } from "./AllocateDialog";
import { NameDialog } from "./NameDialog";

export function FinishSetupDialogs({ bot, onClose }: { bot: Bot; onClose: () => void }) {
  if (bot.setupStage === "name") return <NameDialog key={`name-${bot.id}`} bot={bot} onClose={onClose} />;
  if (bot.setupStage === "allocate")
    return (
      <AllocateDialog
        key={`allocate-${bot.id}`}
        bot={bot}
        onClose={onClose}
        onDone={(ready) => {
          toast.success(messages.botReady(ready.name));
          onClose();
        }}
      />
    );
  return null;
}
