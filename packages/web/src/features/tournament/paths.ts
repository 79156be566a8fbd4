// The tournaments' API paths, checked against the contract at compile time.
import { type PathOf, withId } from "../../app/paths";

const current: PathOf<"currentTournament"> = "/api/tournaments/current";
const past: PathOf<"pastTournaments"> = "/api/tournaments";
const one: PathOf<"tournament"> = "/api/tournaments/:id";
const join: PathOf<"joinTournament"> = "/api/tournaments/:id/join";
const ready: PathOf<"readyTournament"> = "/api/tournaments/:id/ready";
const adminList: PathOf<"adminTournaments"> = "/api/admin/tournaments";
const start: PathOf<"startTournament"> = "/api/admin/tournaments/:id/start";
const stop: PathOf<"stopTournament"> = "/api/admin/tournaments/:id/stop";
const forceComplete: PathOf<"forceCompleteTournament"> = "/api/admin/tournaments/:id/force-complete";
const archive: PathOf<"archiveTournament"> = "/api/admin/tournaments/:id/archive";

export const tournamentPaths = {
  current,
  past,
  one: (id: string) => withId(one, id),
  join: (id: string) => withId(join, id),
  ready: (id: string) => withId(ready, id),
  adminList,
  create: adminList,
  start: (id: string) => withId(start, id),
  stop: (id: string) => withId(stop, id),
  forceComplete: (id: string) => withId(forceComplete, id),
  archive: (id: string) => withId(archive, id),
};

/** Every tournament query sits under one root, so one live event can refresh them all. */
export const tournamentKeys = {
  all: ["tournaments"],
  current: ["tournaments", "current"],
  past: ["tournaments", "past"],
  one: (id: string) => ["tournaments", "one", id],
  admin: ["tournaments", "admin"],
} as const;
