// Removes the run's fresh data directory, so repeated runs do not pile databases up in the temp folder.
import { rmSync } from "node:fs";

export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
