// The route table (seed 001 §2). Every page is its own lazily loaded chunk, and each lives in its
// feature's folder so the engineer building a feature replaces exactly one file.
// Declarative routing (BrowserRouter + useRoutes), not the data router: the app loads data with React Query,
// and the data router's code would double what the landing page downloads for routing (docs/performance-history.md).
import { type ComponentType, lazy, Suspense, useState } from "react";
import { BrowserRouter, matchPath, type RouteObject, useRoutes } from "react-router";
import { RequireAdmin, RequireSession } from "./guards";
import { PublicLayout } from "./PublicLayout";
import { RootLayout } from "./RootLayout";
import { AppErrorBoundary, RouteErrorBoundary } from "./RouteError";
import { ScreenLoader } from "./ScreenState";

// The signed-in shell (navigation bar and its icons) is not part of the landing page's download.
const ShellLayout = lazy(() => import("./ShellLayout").then((m) => ({ default: m.ShellLayout })));

type PageModule = { default: ComponentType };

/**
 * A route's page, loaded when first shown. One whose chunk was loaded first (preloadPage) draws at once instead of
 * through its Suspense fallback: the app then takes over a prerendered page without a loader's flash.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page() {
    // Chosen once: a page that started lazily stays so, rather than mount twice.
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  }
  const element = (
    <RouteErrorBoundary>
      <Page />
    </RouteErrorBoundary>
  );
  return { element, preload };
}

function page(load: () => Promise<PageModule>) {
  return lazyPage(load).element;
}

const landing = lazyPage(() => import("../features/landing/LandingPage"));
const auth = lazyPage(() => import("../features/auth/AuthPage"));
const notFound = lazyPage(() => import("../features/not-found/NotFoundPage"));

const publicPages: RouteObject[] = [
  { path: "/", element: landing.element },
  { path: "/auth", element: auth.element },
  { path: "*", element: notFound.element },
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
  { path: "/pilots/:username", element: page(() => import("../features/pilots/PilotProfilePage")) },
  { path: "/seasons/:number", element: page(() => import("../features/seasons/PastSeasonPage")) },
  { path: "/defenses", element: page(() => import("../features/pilots/DefenseLogPage")) },
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
  { path: "/alerts", element: page(() => import("../features/alerts/AlertsPage")) },
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

/** The paths of the signed-in shell's pages (the server answers any other unknown path with the 404 page). */
export const shellPaths: string[] = shellPages.map((route) => route.path!);

/** The public page at `pathname` (the landing, /auth or the not-found page), or null for a shell page. */
export function publicPageAt(pathname: string): "landing" | "auth" | "not-found" | null {
  if (pathname === "/") return "landing";
  if (pathname === "/auth") return "auth";
  return shellPaths.some((path) => matchPath(path, pathname)) ? null : "not-found";
}

/** Loads the chunk of the public page at `pathname` (nothing for a shell page). */
export async function preloadPage(pathname: string): Promise<void> {
  const which = publicPageAt(pathname);
  if (which) await { landing, auth, "not-found": notFound }[which].preload();
}

/** The route table's pages with the app's error boundary, under whichever router renders them. */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <RoutesOf />
    </AppErrorBoundary>
  );
}

function RoutesOf() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    // Navigations render at once (not in a transition), so a page that must leave before the session changes
    // (logout) can flush its navigation; a page still loading shows its layout's loader meanwhile.
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}
