// Race tests prove something only where transactions really overlap: on PostgreSQL. PGlite runs one
// transaction at a time, so there a race test passes whatever the code does (a read-then-write deposit passed).
// `raceIt` runs the race on PostgreSQL (DATABASE_URL; `npm test` runs the server suite there whenever one is
// reachable). On PGlite it runs, under a name that says so, a test showing why the race proves nothing there:
// a second transaction does not begin until the first has ended.
import { expect, it } from "vitest";
import type { Database } from "../src/platform/db/database";

export const racesRunHere = Boolean(process.env.DATABASE_URL);

export function raceIt(
  name: string,
  database: () => Database,
  race: () => Promise<void>,
  timeout?: number,
): void {
  if (racesRunHere) {
    it(`race on PostgreSQL: ${name}`, race, timeout);
    return;
  }
  it(`race proves nothing on PGlite (one transaction at a time; it runs on PostgreSQL): ${name}`, async () => {
    const { driver, db } = database();
    expect(driver).toBe("pglite");
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async () => {
      order.push("first begins");
      await held;
      order.push("first ends");
    });
    const second = db.transaction(async () => {
      order.push("second begins");
    });
    // Give the second every chance to begin early; it must still wait for the first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first begins", "first ends", "second begins"]);
  });
}
