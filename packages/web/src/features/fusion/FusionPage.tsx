// /fusion: a placeholder until this feature ships; replace this file with the real page.
import { Atom } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function FusionPage() {
  return <ComingSoon title="Bot Fusion" icon={<Atom className="size-6" />} />;
}
