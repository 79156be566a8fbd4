// npm run ledger:verify: every balance must equal the sum of its ledger rows, and every transfer net to zero.
// Exits 1 on any mismatch or unbalanced transfer.
import { verifyLedger } from "../platform/ledger-verify";
import { runCli } from "./open";

await runCli(async (database) => {
  const report = await verifyLedger(database.db);
  for (const m of report.mismatches) {
    console.error(`  ${m.userId} ${m.account}: balance ${m.balance}, ledger sum ${m.ledgerSum}`);
  }
  for (const u of report.unbalanced) {
    console.error(`  transfer ${u.transferId}: ${u.rows} row(s) net ${u.net}`);
  }
  console.log(
    `ledger:verify: ${report.accounts} accounts checked, ${report.mismatches.length} mismatches; ` +
      `${report.transfers} transfers checked, ${report.unbalancedCount} unbalanced`,
  );
  return report.mismatches.length === 0 && report.unbalancedCount === 0 ? 0 : 1;
});
