// /marketplace: a placeholder until this feature ships; replace this file with the real page.
import { Store } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function MarketplacePage() {
  return <ComingSoon title="Marketplace" icon={<Store className="size-6" />} />;
}
