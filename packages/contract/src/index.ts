export * from "./ads";
export * from "./auth";
export * from "./errors";
export * from "./live";
export * from "./music";
export * from "./routes";
export * from "./stats";
