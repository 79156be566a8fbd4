// Removes the run's fresh data directories (the journeys', the clock journeys' and the admin journeys') and the
// record of the screens axe-core looked at (one file each, support.ts), after saying how many there were, so
// repeated runs do not pile databases up in the temp folder.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

export default function globalTeardown(): void {
  const axed = process.env.E2E_AXE_DIR;
  if (axed) {
    try {
      const screens = readdirSync(axed).map((name) => readFileSync(join(axed, name), "utf8"));
      console.log(`axe-core looked at ${screens.length} distinct screens in this run.`);
      // E2E_AXE_LIST=1 names them: width, path, open dialogs and panels, selected tabs.
      if (process.env.E2E_AXE_LIST === "1") for (const screen of screens.sort()) console.log(`  ${screen}`);
    } catch {
      // No journey reached a screen.
    }
  }
  const dirs = [
    process.env.E2E_DATA_DIR,
    process.env.E2E_CLOCK_DATA_DIR,
    process.env.E2E_ADMIN_DATA_DIR,
    axed,
  ];
  for (const dir of dirs) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
