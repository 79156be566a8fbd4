// /fight: a placeholder until this feature ships; replace this file with the real page.
import { Swords } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function FightPage() {
  return <ComingSoon title="Battle Arena" icon={<Swords className="size-6" />} />;
}
