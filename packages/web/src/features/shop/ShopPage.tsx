// /shop: a placeholder until this feature ships; replace this file with the real page.
import { ShoppingCart } from "lucide-react";
import { ComingSoon } from "../../ui/ComingSoon";

export default function ShopPage() {
  return <ComingSoon title="Equipment Shop" icon={<ShoppingCart className="size-6" />} />;
}
