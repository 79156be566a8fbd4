// The bus of the embedded database: PGlite's LISTEN/NOTIFY, which never leaves the process (one process owns a
// PGlite). Nothing to reconnect, so it never asks for a resync.
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "../db/database";
import { type BusListener, busCounters, type LiveBus, readPayload } from "./bus";
import { alwaysHeard } from "./bus-trust";
import { LIVE_NOTIFY_CHANNEL, notifyNow } from "./notify";

type Log = { warn(obj: unknown, msg?: string): void };

export function pgliteLiveBus(client: PGlite, db: Db, log: Log): LiveBus {
  const counters = busCounters();
  return {
    kind: "pglite",
    async send(payloads) {
      counters.sent(payloads.length, await notifyNow(db, payloads));
    },
    async subscribe(listener: BusListener) {
      const unlisten = await client.listen(LIVE_NOTIFY_CHANNEL, (payload) => {
        const envelope = readPayload(payload, log);
        if (envelope) listener.onEnvelope(envelope);
      });
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    stats: () => ({ ...counters.counts, up: !client.closed }),
    // Inside the process: every NOTIFY is heard while the process runs.
    trust: alwaysHeard(),
    // One process: its own sign-outs forget at once, before the NOTIFY.
    barrier: async () => true,
    // The database's close ends its listeners.
    close: async () => {},
  };
}
