// Removes the run's fresh data directories (the journeys' and the admin journeys'), so repeated runs do not pile databases up in the temp folder.
import { rmSync } from "node:fs";

export default function globalTeardown(): void {
  const dirs = [
    process.env.E2E_DATA_DIR,
    process.env.E2E_ADMIN_DATA_DIR,
    process.env.E2E_ADMIN_PHONE_DATA_DIR,
  ];
  for (const dir of dirs) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
