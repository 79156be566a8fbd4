// The VAPID key pair the server signs its pushes with: the configured one, or else a pair made on first use and
// kept in `push_vapid_keys`, so every process and every restart signs with the same key the browsers subscribed
// to (a new key would orphan every subscription). The first process to insert wins; the others read its pair.
// web-push is CommonJS: node gives its exports only as the default one.
import webPush from "web-push";
import type { PushConfig } from "../../platform/config";
import type { Db } from "../../platform/db/database";
import { pushVapidKeys } from "../../platform/db/schema";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export function vapidKeys(deps: { db: Db; push: PushConfig; adminEmails: readonly string[] }) {
  const subject = deps.push.subject ?? `mailto:${deps.adminEmails[0] ?? "webmaster@localhost"}`;
  let known: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    if (deps.push.vapid) return { ...deps.push.vapid, subject };
    const made = webPush.generateVAPIDKeys();
    await deps.db
      .insert(pushVapidKeys)
      .values({ id: 1, ...made })
      .onConflictDoNothing();
    const [row] = await deps.db.select().from(pushVapidKeys);
    if (!row) throw new Error("push: the VAPID key pair was not kept");
    return { publicKey: row.publicKey, privateKey: row.privateKey, subject };
  }
  return (): Promise<VapidKeys> => {
    // A failed read is asked again next time rather than remembered.
    known ??= load().catch((error: unknown) => {
      known = null;
      throw error;
    });
    return known;
  };
}
