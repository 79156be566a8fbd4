// /inventory: a placeholder until this feature ships; replace this file with the real page.
import { Package } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function InventoryPage() {
  return <ComingSoon title="Inventory" icon={<Package className="size-6" />} />;
}
