// The tournaments' react-query keys.
/** Every tournament query sits under one root, so one live event can refresh them all. */
export const tournamentKeys = {
  all: ["tournaments"],
  current: ["tournaments", "current"],
  past: ["tournaments", "past"],
  one: (id: string) => ["tournaments", "one", id],
  admin: ["tournaments", "admin"],
} as const;
