// The chat's react-query keys.
export const chatKeys = {
  messages: ["chat", "messages"],
  /** The reader's guild chat: which guild, the lines, whether they may delete. */
  guild: ["chat", "guild"],
  hidden: ["chat", "hidden"],
  mutes: ["chat", "admin", "mutes"],
  reports: ["chat", "admin", "reports"],
} as const;
