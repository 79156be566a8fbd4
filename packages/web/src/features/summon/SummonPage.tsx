// /summon: a placeholder until this feature ships; replace this file with the real page.
import { Sparkles } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function SummonPage() {
  return <ComingSoon title="Summoning" icon={<Sparkles className="size-6" />} />;
}
