// /create-bot: a placeholder until this feature ships; replace this file with the real page.
import { Cpu } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function CreateBotPage() {
  return <ComingSoon title="Create Bot" icon={<Cpu className="size-6" />} />;
}
