// Types for the bench, which finds (and when root installs) Debian's nginx and openssl the way the tests find
// Chromium. Only what TypeScript code imports from lib.mjs is declared.
export function nginxPath(): string;
export function ensureNginx(): boolean;
export function ensureOpenssl(): boolean;
export function prometheusPath(): string;
export function ensurePrometheus(): boolean;
export function pgAutoctlPath(): string;
export function ensurePgAutoFailover(): boolean;
