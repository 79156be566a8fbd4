// The bank's API paths, checked against the contract at compile time.
import type { PathOf } from "../../app/paths";

const summary: PathOf<"bank"> = "/api/bank";
const deposit: PathOf<"bankDeposit"> = "/api/bank/deposit";
const withdraw: PathOf<"bankWithdraw"> = "/api/bank/withdraw";
const cashout: PathOf<"bankCashout"> = "/api/bank/cashout";
const ledger: PathOf<"bankLedger"> = "/api/bank/ledger";

export const bankPaths = {
  summary,
  deposit,
  withdraw,
  cashout,
  ledger: (before: number | null, limit: number) =>
    `${ledger}?limit=${limit}${before === null ? "" : `&before=${before}`}`,
};
