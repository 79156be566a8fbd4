// The bank's cash-out card and history (issue 38). Closed: the house rule still to meet, how far along the account
// is, and the button disabled with that as its reason. Open: what may go now and today. Frozen: the freeze in
// words. The form's gamertag takes no 36th character, its amount stops at what may go now, and an amount past
// the vault or today's maximum is refused in the server's words before asking. The history reads each phase in
// words, with ZBD's reference once paid. The page keeps what it shows, a half-typed amount too, when a refresh
// fails.
import type { BankSummary, CashoutRequest, CashoutStanding } from "@bot-arena/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../app/queryKeys";
import { answerOnceThenFail, type Failure, findToast, rateLimited, renderPage } from "../../app/test-render";
import BankPage from "./BankPage";

const openStanding: CashoutStanding = {
  open: true,
  lockedMessage: null,
  frozen: false,
  minAccountDays: 7,
  minBattles: 20,
  daysToGo: 0,
  battlesToGo: 0,
  dailyMax: 500,
  leftToday: 300,
  availableNow: 250,
  autoMax: 500,
};

const closedStanding: CashoutStanding = {
  ...openStanding,
  open: false,
  lockedMessage: "Cash-outs open after 7 days and 20 battles: 4 days and 12 battles to go",
  daysToGo: 4,
  battlesToGo: 12,
  availableNow: 0,
};

const frozenStanding: CashoutStanding = {
  ...openStanding,
  open: false,
  frozen: true,
  lockedMessage: "This account is frozen for review: cash-outs, marketplace trades and donations are paused",
  availableNow: 0,
};

let requestCount = 0;
function aRequest(overrides: Partial<CashoutRequest> = {}): CashoutRequest {
  requestCount += 1;
  return {
    id: `request-${requestCount}`,
    gamertag: "satoshi_ace",
    amount: 200,
    status: "pending",
    phase: "under_review",
    createdAt: "2030-01-02T10:00:00.000Z",
    settledAt: null,
    refundReason: null,
    providerRef: null,
    ...overrides,
  };
}

function showBank(
  cashout: CashoutStanding,
  options: { vaultCoins?: number; cashouts?: CashoutRequest[]; refreshFails?: Failure } = {},
) {
  const summary: BankSummary = {
    coins: 700,
    vaultCoins: options.vaultCoins ?? 250,
    depositsToday: 0,
    dailyDepositLimit: 500,
    depositAllowance: 500,
    cashouts: options.cashouts ?? [],
    cashout,
  };
  return renderPage(<BankPage />, {
    path: "/bank",
    api: {
      bank: options.refreshFails ? answerOnceThenFail(summary, options.refreshFails) : summary,
      bankLedger: { entries: [], nextCursor: null },
      bankCashout: (request) => ({
        newVaultCoins: 50,
        request: aRequest({ ...(request.body as { gamertag: string; amount: number }) }),
        message: "Cashout request submitted! Processing may take 24-48 hours.",
      }),
    },
  });
}

const cashOutButton = () => screen.getByRole("button", { name: "Cash Out" });

describe("the bank's cash-out standing", () => {
  it("closed: the rule still to meet, days and battles so far, and the button disabled with that reason", async () => {
    showBank(closedStanding);
    const standing = await screen.findByTestId("cashout-standing");
    expect(standing.dataset.state).toBe("locked");
    const reason = within(standing).getByTestId("cashout-closed-reason");
    expect(reason.textContent).toBe(closedStanding.lockedMessage);
    expect(within(standing).getByText("3 / 7 days")).toBeTruthy();
    expect(within(standing).getByText("8 / 20 battles")).toBeTruthy();
    expect(within(standing).getByRole("progressbar", { name: "Account age" })).toBeTruthy();
    expect(within(standing).getByRole("progressbar", { name: "Battles fought" })).toBeTruthy();
    expect(cashOutButton().hasAttribute("disabled")).toBe(true);
    expect(cashOutButton().getAttribute("aria-describedby")).toBe(reason.id);
    expect(screen.getByTestId("cashout-rules").textContent).toContain(
      "An account can cash out once it is 7 days old and has fought 20 battles.",
    );
  });

  it("open: what may go now, today's room and the daily maximum, and how a request is handled", async () => {
    showBank(openStanding);
    const standing = await screen.findByTestId("cashout-standing");
    expect(standing.dataset.state).toBe("open");
    expect(within(standing).getByTestId("cashout-available").textContent).toBe("250");
    expect(standing.textContent).toContain("Up to 300 coins today · 500 a day");
    expect(standing.textContent).toContain(
      "Up to 500 coins with nothing unusual go out at once; anything else is reviewed by a person within 24-48 hours.",
    );
    expect(cashOutButton().hasAttribute("disabled")).toBe(false);
  });

  it("open with an empty vault: the button waits for a deposit and says so", async () => {
    showBank({ ...openStanding, availableNow: 0 }, { vaultCoins: 0 });
    const reason = await screen.findByText("Deposit coins into your vault to cash them out");
    expect(cashOutButton().hasAttribute("disabled")).toBe(true);
    expect(cashOutButton().getAttribute("aria-describedby")).toBe(reason.id);
  });

  it("frozen: the freeze in words, and no cash-out", async () => {
    showBank(frozenStanding);
    const standing = await screen.findByTestId("cashout-standing");
    expect(standing.dataset.state).toBe("frozen");
    expect(within(standing).getByTestId("cashout-closed-reason").textContent).toBe(
      frozenStanding.lockedMessage,
    );
    expect(cashOutButton().hasAttribute("disabled")).toBe(true);
  });
});

describe("the cash-out form", () => {
  it("takes 35 characters of gamertag, caps the amount at what may go now and sends the request", async () => {
    const { user, api } = showBank(openStanding);
    await user.click(await screen.findByRole("button", { name: "Cash Out" }));
    const dialog = await screen.findByRole("dialog", { name: "Cash Out" });
    const gamertag = within(dialog).getByLabelText<HTMLInputElement>("Gamertag");
    await user.type(gamertag, "g".repeat(36));
    expect(gamertag.value).toBe("g".repeat(35));
    expect(within(dialog).getByText("35/35 characters")).toBeTruthy();
    const amount = within(dialog).getByLabelText<HTMLInputElement>("Amount");
    expect(amount.max).toBe("250");

    await user.type(amount, "251");
    await user.click(within(dialog).getByRole("button", { name: "Request Cash Out" }));
    expect(await findToast("Insufficient vault balance")).toBeTruthy();
    expect(api.callsTo("bankCashout")).toHaveLength(0);

    await user.clear(gamertag);
    await user.type(gamertag, "  satoshi_ace ");
    await user.clear(amount);
    await user.type(amount, "200");
    await user.click(within(dialog).getByRole("button", { name: "Request Cash Out" }));
    await waitFor(() => expect(api.callsTo("bankCashout")).toHaveLength(1));
    expect(api.callsTo("bankCashout")[0]!.body).toEqual({ gamertag: "satoshi_ace", amount: 200 });
    expect(await findToast("Cashout request submitted! Processing may take 24-48 hours.")).toBeTruthy();
  });

  it("an amount within the vault but past today's maximum gets the server's words", async () => {
    const { user, api } = showBank(
      { ...openStanding, leftToday: 200, availableNow: 200 },
      { vaultCoins: 400 },
    );
    await user.click(await screen.findByRole("button", { name: "Cash Out" }));
    const dialog = await screen.findByRole("dialog", { name: "Cash Out" });
    await user.type(within(dialog).getByLabelText("Gamertag"), "satoshi_ace");
    await user.type(within(dialog).getByLabelText("Amount"), "300");
    await user.click(within(dialog).getByRole("button", { name: "Request Cash Out" }));
    expect(await findToast("You can cash out at most 500 coins a day: 200 left today")).toBeTruthy();
    expect(api.callsTo("bankCashout")).toHaveLength(0);
  });
});

describe("the cash-out history", () => {
  it("reads each phase in words, with ZBD's reference once paid and the reason once refunded", async () => {
    showBank(openStanding, {
      cashouts: [
        aRequest({ gamertag: "in_review" }),
        aRequest({ gamertag: "on_the_way", phase: "processing" }),
        aRequest({
          gamertag: "all_paid",
          status: "paid",
          phase: "paid",
          settledAt: "2030-01-03T09:30:00.000Z",
          providerRef: "zbd-7f3a91c2",
        }),
        aRequest({
          gamertag: "sent_back",
          status: "refunded",
          phase: "refunded",
          settledAt: "2030-01-03T09:30:00.000Z",
          refundReason: "Gamertag not found",
        }),
      ],
    });
    const items = await screen.findAllByTestId("cashout-request");
    const [review, processing, paid, refunded] = items;
    expect(within(review!).getByText("Under review")).toBeTruthy();
    expect(within(review!).getByTestId("cashout-outcome").textContent).toBe(
      "A person checks it within 24-48 hours",
    );
    expect(within(processing!).getByText("On its way")).toBeTruthy();
    expect(within(processing!).getByTestId("cashout-outcome").textContent).toBe(
      "Approved: being sent to your ZBD gamertag",
    );
    expect(within(paid!).getByText("Paid")).toBeTruthy();
    expect(within(paid!).getByTestId("cashout-outcome").textContent).toMatch(/^Paid Jan 3, 2030/);
    expect(within(paid!).getByTestId("cashout-reference").textContent).toBe("ZBD reference: zbd-7f3a91c2");
    expect(within(refunded!).getByTestId("cashout-outcome").textContent).toBe(
      "Refunded to your vault: Gamertag not found",
    );
    expect(within(review!).queryByTestId("cashout-reference")).toBeNull();
  });
});

describe("the bank page", () => {
  it("keeps its balances and the amount being typed when a refresh is refused, under the note", async () => {
    const { user, queryClient } = showBank(openStanding, { refreshFails: rateLimited(60) });
    const deposit = await screen.findByLabelText("Deposit amount");
    await user.type(deposit, "120");

    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.bank }));
    expect((await screen.findByRole("status")).textContent).toBe("Could not refresh, retrying");
    expect(screen.getByTestId("vault-balance").textContent).toBe("250");
    expect((screen.getByLabelText("Deposit amount") as HTMLInputElement).value).toBe("120");
    expect(screen.queryByRole("heading", { name: "Failed to load data" })).toBeNull();
  });
});
