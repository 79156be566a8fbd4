// PvP seasons: the window and its freeze, the ladder's order, the rewards of the final places.
export * from "./season";
