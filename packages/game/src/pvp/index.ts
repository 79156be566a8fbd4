// PvP beyond the battle itself: who may be attacked, the shield, revenge, and the list's rating window.
export * from "./boost";
export * from "./protection";
export * from "./rating-window";
