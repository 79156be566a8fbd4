// Hears the players' alerts (the `me` events the app toasts) as the database announces them, for tests that
// check who was told what. `settle()` waits for everything announced so far: it publishes a marker outside any
// transaction, which the process announces after every event already handed over.
import { playerAlertKinds } from "@bot-arena/contract";
import type { Database } from "../src/platform/db/database";
import { type LiveEnvelope, publish } from "../src/platform/live/publish";
import { hearBus } from "./helpers";

const alertKinds = new Set<string>(Object.values(playerAlertKinds));
const MARKER = "test-alerts-settled";

export async function hearAlerts(database: Database) {
  let heard: LiveEnvelope[] = [];
  let markers = 0;
  const unlisten = await hearBus(database, (envelope) => {
    if (envelope.kind === MARKER) markers += 1;
    else if (alertKinds.has(envelope.kind)) heard.push(envelope);
  });
  let sent = 0;
  return {
    /** The alerts heard since the last call, once everything announced before it has arrived. */
    async settle(): Promise<LiveEnvelope[]> {
      sent += 1;
      await publish(database.db, { channel: "music", kind: MARKER });
      for (let i = 0; i < 250 && markers < sent; i++) await new Promise((r) => setTimeout(r, 20));
      if (markers < sent) throw new Error("the alerts' marker never came back");
      const taken = heard;
      heard = [];
      return taken;
    },
    stop: unlisten,
  };
}
