// The navigation bar's links in the spec's order; the Admin link is added for admins only.
import {
  Atom,
  Castle,
  Crown,
  Dumbbell,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ShieldCheck,
  ShoppingCart,
  Sparkles,
  Store,
  Swords,
  Trophy,
  UserCog,
  Users,
  Wrench,
} from "lucide-react";

export type NavLinkSpec = { to: string; label: string; icon: LucideIcon };

export const navLinks: NavLinkSpec[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/summon", label: "Summon", icon: Sparkles },
  { to: "/train", label: "Train", icon: Dumbbell },
  { to: "/fight", label: "Fight", icon: Swords },
  { to: "/shop", label: "Shop", icon: ShoppingCart },
  { to: "/fusion", label: "Fusion", icon: Atom },
  { to: "/repair", label: "Repair", icon: Wrench },
  { to: "/bank", label: "Bank", icon: Landmark },
  { to: "/inventory", label: "Inventory", icon: Package },
  { to: "/marketplace", label: "Market", icon: Store },
  { to: "/leaderboard", label: "Leaderboard", icon: Crown },
  { to: "/tournament", label: "Tournament", icon: Trophy },
  { to: "/guilds", label: "Guilds", icon: Users },
  { to: "/guild-wars", label: "Guild Wars", icon: Castle },
  // Not in the spec's list: the account page (password, sign out everywhere) closes the row.
  { to: "/account", label: "Account", icon: UserCog },
];

export const adminLink: NavLinkSpec = { to: "/admin", label: "Admin", icon: ShieldCheck };
