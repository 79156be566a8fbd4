// The build's prerender (vite-prerender.ts runs it in node after the browser build): the HTML of the public
// pages (/, /auth, the not-found page) from the app's own route table at that path, the very tree the browser then
// hydrates (app/AppRoot.tsx). No data is known at build time: the counters show their dashes and the ads hold their
// room, unseen, until the API answers.
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppRoot } from "./app/AppRoot";
import { AppRoutes, preloadPage, shellPaths } from "./app/router";
import { prerenderedTitle } from "./ui/usePageTitle";

export type PrerenderedPage = { html: string; title: string };

function rendered(render: () => string): PrerenderedPage {
  prerenderedTitle.collecting = true;
  prerenderedTitle.current = "BOT ARENA";
  try {
    const html = render();
    return { html, title: prerenderedTitle.current };
  } finally {
    prerenderedTitle.collecting = false;
  }
}

async function appPage(pathname: string): Promise<PrerenderedPage> {
  // Loaded first, so the page draws in this one pass rather than as its Suspense fallback.
  await preloadPage(pathname);
  return rendered(() =>
    renderToString(
      <AppRoot
        router={
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        }
      />,
    ),
  );
}

export async function prerenderPages() {
  return {
    landing: await appPage("/"),
    auth: await appPage("/auth"),
    notFound: await appPage("/this-page-does-not-exist"),
    shellPaths,
  };
}
