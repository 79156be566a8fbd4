// The coin history on the bank page names each row's other side: the player beaten or sold to, the tournament,
// and the house for coins it created or took.
import type { LedgerEntry } from "@bot-arena/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import { LedgerHistory } from "./LedgerHistory";

let id = 100;
const entry = (
  fields: Partial<LedgerEntry> & Pick<LedgerEntry, "reason" | "delta" | "counterparty">,
): LedgerEntry => ({
  id: id--,
  account: "wallet",
  balanceAfter: 1000,
  refType: null,
  refId: null,
  createdAt: "2030-01-02T10:00:00.000Z",
  ...fields,
});

describe("the coin history", () => {
  it("names the other side of each row, and the house beside the date of what the house moved", async () => {
    renderPage(<LedgerHistory />, {
      path: "/bank",
      api: {
        bankLedger: {
          entries: [
            entry({ reason: "pvp_win", delta: 100, counterparty: { kind: "player", name: "Nova" } }),
            entry({
              reason: "marketplace_sale",
              delta: 120,
              counterparty: { kind: "player", name: "Nova" },
              botName: "Rust Bucket",
            }),
            entry({
              reason: "tournament_entry",
              delta: -150,
              counterparty: { kind: "tournament", name: "Neon Cup" },
            }),
            entry({ reason: "summon", delta: -100, counterparty: { kind: "house" } }),
          ],
          nextCursor: null,
        },
      },
    });
    const history = await screen.findByRole("list", { name: "Coin history" });
    const rows = within(history).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("p")?.textContent)).toEqual([
      "PvP victory over Nova",
      "Sold Rust Bucket to Nova",
      "Tournament entry · Neon Cup",
      "Summon",
    ]);
    expect(rows.map((row) => within(row).queryByTestId("ledger-house") !== null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});
