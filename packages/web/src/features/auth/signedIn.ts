// The hand-off of a finished sign-in or sign-up from the form to the page that acts on it. The form runs in a React
// root of its own (formIsland.tsx), which /auth's entry hydrates before the app has loaded; what follows a sign-in
// (the session into the query cache, the toast, the next page) is the app's, so the form leaves it here: the app's
// /auth page takes it at once, or when it arrives.
import type { Me } from "@bot-arena/contract";
import type { AuthMode } from "./validate";

export type SignedIn = { player: Me; mode: AuthMode };
type Taker = (done: SignedIn) => void;

let waiting: SignedIn | null = null;
let taker: Taker | null = null;
const whenWaiting = new Set<() => void>();

/** The form's part: the server said yes. */
export function finishSignIn(done: SignedIn): void {
  if (taker) {
    taker(done);
    return;
  }
  waiting = done;
  for (const listener of whenWaiting) listener();
}

/** The app's /auth page takes every sign-in from now on (and one already waiting); call the result to stop. */
export function takeSignIns(take: Taker): () => void {
  taker = take;
  const done = waiting;
  waiting = null;
  if (done) take(done);
  return () => {
    if (taker === take) taker = null;
  };
}

/** True while a sign-in waits for the app: the page must not send the new player elsewhere meanwhile. */
export function signInWaiting(): boolean {
  return waiting !== null;
}

/** /auth's entry starts the app when a sign-in waits for it. */
export function onSignInWaiting(listener: () => void): void {
  whenWaiting.add(listener);
}
