// Types for the server's test of a web build swapped in under a serving process.
export function newBuildDir(buildsDir: string): string;
export function swapIn(dist: string, build: string): void;
export function carryAssets(dist: string, build: string): void;
