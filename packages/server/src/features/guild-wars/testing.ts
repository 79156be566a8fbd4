// A test app for guild wars on a stopped clock: the reconciler runs only when a test says so, and a war's
// registration and battle last what the test gives.
import { createTestApp, type TestApp, type testClock } from "../../../test/helpers";

export function warTestApp(
  clock: ReturnType<typeof testClock>,
  war: { registrationSeconds: number; battleSeconds: number; restHours?: number },
): Promise<TestApp> {
  return createTestApp({
    clock,
    config: {
      reconcilerIntervalMs: 0,
      guildWar: { registrationSeconds: war.registrationSeconds, battleSeconds: war.battleSeconds },
      ...(war.restHours === undefined ? {} : { guildWarRestHours: war.restHours }),
    },
  });
}
