// Opens a duel's stored battle in the COMBAT ZONE: live while its round runs, a replay afterwards.
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { useBattleReplay } from "../battles/api";
import { CombatZone } from "../battles/CombatZone";

export function DuelViewer({ battleId, onClose }: { battleId: string; onClose: () => void }) {
  const replay = useBattleReplay(battleId);
  // A live duel's replay is read again while its round runs: a failed refresh keeps the battle on screen.
  if (replay.isLoadingError) {
    toast.error(errorMessage(replay.error, "Failed to load battle"));
    onClose();
    return null;
  }
  if (!replay.data) return null;
  // The server tells whose side the viewer's guild fought on and what the duel meant for the pairing.
  const context = replay.data.context;
  return (
    <CombatZone
      battle={replay.data}
      viewer={context?.viewerSide ?? null}
      context={context}
      onClose={onClose}
    />
  );
}
