// Types for the bench, which builds the server the way `npm start` does.
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuild(): Promise<void>;
