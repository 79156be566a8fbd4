// npm run ledger:verify: every balance must equal the sum of its ledger rows. Exits 1 on any mismatch.
import { verifyLedger } from "../platform/ledger-verify";
import { runCli } from "./open";

await runCli(async (database) => {
  const report = await verifyLedger(database.db);
  for (const m of report.mismatches) {
    console.error(`  ${m.userId} ${m.account}: balance ${m.balance}, ledger sum ${m.ledgerSum}`);
  }
  console.log(`ledger:verify: ${report.accounts} accounts checked, ${report.mismatches.length} mismatches`);
  return report.mismatches.length === 0 ? 0 : 1;
});
