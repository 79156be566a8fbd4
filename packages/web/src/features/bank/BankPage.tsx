// /bank: a placeholder until this feature ships; replace this file with the real page.
import { Landmark } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function BankPage() {
  return <ComingSoon title="Bank Vault" icon={<Landmark className="size-6" />} />;
}
