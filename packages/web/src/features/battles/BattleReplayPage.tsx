// /battles/:id: a placeholder until this feature ships; replace this file with the real page.
import { Clapperboard } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function BattleReplayPage() {
  return <ComingSoon title="Battle Replay" icon={<Clapperboard className="size-6" />} />;
}
