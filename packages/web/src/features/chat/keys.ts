// The chat's react-query keys.
export const chatKeys = {
  messages: ["chat", "messages"],
  hidden: ["chat", "hidden"],
  mutes: ["chat", "admin", "mutes"],
  reports: ["chat", "admin", "reports"],
} as const;
