// Entry point of /auth, whose HTML the build prerendered from the app's own components. The page paints from HTML
// and CSS; right after that first paint, the sign-in form alone is hydrated with what it needs (its component with
// React's DOM renderer, the API call; the contract's checks once it is touched: features/auth/formIsland.tsx), so
// nothing the first paint waits for (the stylesheet, the fonts) shares the network with it, and the form works long
// before the app would have loaded. The app (app/deferredApp.ts) follows at the visitor's first key, touch, press or
// focus (a press on the chat's or the music player's button opens it once the app is there), when a sign-in has
// finished (the app takes it on to the next page), or at once for a visitor who is signed in already (the app sends
// them to the dashboard); it hydrates the rest of the page (the ads show from then) and leaves the form's root
// alone. Not when the page is idle, as the landing does: hydrating the app is most of the page's main-thread work,
// which a slow phone would otherwise spend while the visitor reads the form (Lighthouse's blocking time, issue 29).
import "./index.css";
import { deferApp } from "./app/deferredApp";
import { onSignInWaiting } from "./features/auth/signedIn";

const startApp = deferApp();
onSignInWaiting(startApp);

// A frame's callback runs just before that frame paints; a task queued from it runs after.
requestAnimationFrame(() =>
  setTimeout(() => {
    void import("./features/auth/formIsland").then(({ hydrateAuthForm }) => {
      // Vite's dev server sends the page without its prerendered HTML: the app draws it all.
      if (!hydrateAuthForm()) startApp();
    });
    void import("./app/call")
      .then(({ call }) => call("session"))
      .then(
        ({ me }) => {
          if (me) startApp();
        },
        // The app asks again when it starts.
        () => {},
      );
  }, 0),
);
