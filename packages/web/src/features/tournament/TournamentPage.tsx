// /tournament: a placeholder until this feature ships; replace this file with the real page.
import { Trophy } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function TournamentPage() {
  return <ComingSoon title="Tournament" icon={<Trophy className="size-6" />} />;
}
