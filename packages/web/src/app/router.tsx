// The route table (seed 001 §2). Every page is its own lazily loaded chunk, and each lives in its
// feature's folder so the engineer building a feature replaces exactly one file.
import { type ComponentType, lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAdmin, RequireSession } from "./guards";
import { PublicLayout } from "./PublicLayout";
import { RootLayout } from "./RootLayout";
import { RouteError } from "./RouteError";
import { ShellLayout } from "./ShellLayout";

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

const publicPages: RouteObject[] = [
  { path: "/", element: page(() => import("../features/landing/LandingPage")) },
  { path: "/auth", element: page(() => import("../features/auth/AuthPage")) },
  { path: "*", element: page(() => import("../features/not-found/NotFoundPage")) },
];

const shellPages: RouteObject[] = [
  { path: "/create-bot", element: page(() => import("../features/create-bot/CreateBotPage")) },
  { path: "/dashboard", element: page(() => import("../features/dashboard/DashboardPage")) },
  { path: "/summon", element: page(() => import("../features/summon/SummonPage")) },
  { path: "/customize-bots", element: page(() => import("../features/customize-bots/CustomizeBotsPage")) },
  { path: "/train", element: page(() => import("../features/train/TrainPage")) },
  { path: "/fight", element: page(() => import("../features/fight/FightPage")) },
  { path: "/battles/:id", element: page(() => import("../features/battles/BattleReplayPage")) },
  { path: "/shop", element: page(() => import("../features/shop/ShopPage")) },
  { path: "/inventory", element: page(() => import("../features/inventory/InventoryPage")) },
  { path: "/marketplace", element: page(() => import("../features/marketplace/MarketplacePage")) },
  { path: "/leaderboard", element: page(() => import("../features/leaderboard/LeaderboardPage")) },
  { path: "/bank", element: page(() => import("../features/bank/BankPage")) },
  { path: "/fusion", element: page(() => import("../features/fusion/FusionPage")) },
  { path: "/repair", element: page(() => import("../features/repair/RepairPage")) },
  { path: "/tournament", element: page(() => import("../features/tournament/TournamentPage")) },
  {
    path: "/admin",
    element: <RequireAdmin>{page(() => import("../features/admin/AdminPage"))}</RequireAdmin>,
  },
  { path: "/guilds", element: page(() => import("../features/guilds/GuildsPage")) },
  { path: "/guilds/:id", element: page(() => import("../features/guilds/GuildPage")) },
  { path: "/guild-wars", element: page(() => import("../features/guild-wars/GuildWarsPage")) },
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // The pathless error routes keep a failing page inside its layout (nav bar, music player).
      { element: <PublicLayout />, children: [{ errorElement: <RouteError />, children: publicPages }] },
      {
        element: (
          <RequireSession>
            <ShellLayout />
          </RequireSession>
        ),
        children: [{ errorElement: <RouteError />, children: shellPages }],
      },
    ],
  },
]);
