// npm run admin -- grant EMAIL | revoke EMAIL | list
import { grantAdmin, listAdmins, revokeAdmin } from "../platform/auth/roles";
import { runCli } from "./open";

const usage = "usage: npm run admin -- grant EMAIL | revoke EMAIL | list";
const [action, email] = process.argv.slice(2);

await runCli(async ({ db }) => {
  if (action === "list") {
    const admins = await listAdmins(db);
    for (const admin of admins) console.log(`${admin.email} (${admin.username})`);
    console.log(`${admins.length} admin(s)`);
    return 0;
  }
  if ((action !== "grant" && action !== "revoke") || !email) {
    console.error(usage);
    return 2;
  }
  const change = action === "grant" ? await grantAdmin(db, email) : await revokeAdmin(db, email);
  if (!change) {
    console.error(`No account with email ${email}`);
    return 1;
  }
  const who = `${change.email} (${change.username})`;
  if (action === "grant")
    console.log(change.changed ? `Granted admin to ${who}` : `${who} is already an admin`);
  else console.log(change.changed ? `Revoked admin from ${who}` : `${who} was not an admin`);
  return 0;
});
