// The route table (seed 001 §2). Every page is its own lazily loaded chunk, and each lives in its
// feature's folder so the engineer building a feature replaces exactly one file.
// Declarative routing (BrowserRouter + useRoutes), not the data router: the app loads data with React Query,
// and the data router's code would double what the landing page downloads for routing (docs/performance.md).
import { type ComponentType, lazy, Suspense } from "react";
import { BrowserRouter, type RouteObject, useRoutes } from "react-router";
import { RequireAdmin, RequireSession } from "./guards";
import { PublicLayout } from "./PublicLayout";
import { RootLayout } from "./RootLayout";
import { AppErrorBoundary, RouteErrorBoundary } from "./RouteError";
import { ScreenLoader } from "./ScreenState";

// The signed-in shell (navigation bar and its icons) is not part of the landing page's download.
const ShellLayout = lazy(() => import("./ShellLayout").then((m) => ({ default: m.ShellLayout })));

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <RouteErrorBoundary>
      <Page />
    </RouteErrorBoundary>
  );
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
  { path: "/account", element: page(() => import("../features/account/AccountPage")) },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <PublicLayout />, children: publicPages },
      {
        element: (
          <RequireSession>
            <Suspense fallback={<ScreenLoader />}>
              <ShellLayout />
            </Suspense>
          </RequireSession>
        ),
        children: shellPages,
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    // Navigations render at once (not in a transition), so a page that must leave before the session changes
    // (logout) can flush its navigation; a page still loading shows its layout's loader meanwhile.
    <BrowserRouter useTransitions={false}>
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    </BrowserRouter>
  );
}
