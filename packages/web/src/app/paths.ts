// The API paths the app calls, checked against the contract's `routes` registry at compile time.
// Only the types are imported: importing `routes` itself would pull zod and every schema into the
// first-load bundle. A path that drifts from the contract fails `tsc`.
import type { Routes } from "@bot-arena/contract";

type ContractPaths = { [K in keyof Routes]: Routes[K]["path"] };

/** The contract's path of route `K`: a feature's path constant typed with it fails `tsc` when they drift. */
export type PathOf<K extends keyof Routes> = Routes[K]["path"];

/** "/api/bots/:id/name" with the id filled in. */
export const withId = (path: string, id: string) => path.replace(":id", encodeURIComponent(id));

export const paths = {
  session: "/api/session",
  signIn: "/api/auth/sign-in",
  signUp: "/api/auth/sign-up",
  signOut: "/api/auth/sign-out",
  stats: "/api/stats",
  musicTracks: "/api/music/tracks",
  ads: "/api/ads",
} as const satisfies Partial<ContractPaths>;
