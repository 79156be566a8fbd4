// The operators' cash-out queue (issue 38): the provider and its wallet above the list; each entry's stage in
// words, risk score and reasons, account age and battles, and its linked accounts (the first few, the rest behind
// a button); Approve only for a request waiting for review, and only once confirmed; no Mark paid or Refund while
// ZBD may be paying; Freeze asks for a reason and freezes the linked accounts too unless told not to; Unfreeze
// for a frozen account. A queue already shown stays when a refresh fails.
import type { AdminCashout, LinkedAccount, PayoutsStanding } from "@bot-arena/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../../app/queryKeys";
import {
  answerOnceThenFail,
  aPlayer,
  type Failure,
  findToast,
  rateLimited,
  renderPage,
} from "../../../app/test-render";
import { OpsLogProvider } from "../opsLog";
import { CashoutsTab } from "./CashoutsTab";

const link = (username: string, overrides: Partial<LinkedAccount> = {}): LinkedAccount => ({
  userId: `user-${username}`,
  username,
  device: false,
  address: true,
  coinsIn: 0,
  coinsOut: 0,
  frozen: false,
  ...overrides,
});

function aCashout(overrides: Partial<AdminCashout> = {}): AdminCashout {
  return {
    id: "00000000-0000-4000-8000-0000000000c1",
    userId: "00000000-0000-4000-8000-0000000000a1",
    username: "farmer_one",
    email: "farmer_one@arena.test",
    gamertag: "harvest_moon",
    amount: 300,
    status: "pending",
    createdAt: "2030-01-02T10:00:00.000Z",
    ageHours: 3,
    overdue: false,
    settledAt: null,
    settledBy: null,
    providerRef: null,
    refundReason: null,
    stage: "review",
    risk: {
      score: 100,
      reasons: [
        "Shares a device with 1 other account: alt_two",
        "400 coins came from linked accounts (alt_two)",
      ],
    },
    linked: [
      link("bystander_a"),
      link("bystander_b"),
      link("bystander_c"),
      link("bystander_d", { frozen: true }),
      link("alt_two", { device: true, coinsIn: 400 }),
      link("arena_admin", { userId: aPlayer().id }),
    ],
    accountDays: 8,
    battles: 1,
    frozen: false,
    frozenReason: null,
    amountMsats: "300000",
    lastError: null,
    ...overrides,
  };
}

const zbdWallet: PayoutsStanding = {
  provider: "zbd",
  walletMsats: "4200000",
  walletCoins: 4200,
  low: true,
  held: 2,
};

function showQueue(
  cashouts: AdminCashout[],
  payouts: PayoutsStanding = zbdWallet,
  options: { refreshFails?: Failure } = {},
) {
  return renderPage(
    <OpsLogProvider>
      <CashoutsTab />
    </OpsLogProvider>,
    {
      path: "/admin",
      me: aPlayer({ isAdmin: true }),
      api: {
        adminCashouts: options.refreshFails
          ? answerOnceThenFail({ cashouts, payouts }, options.refreshFails)
          : { cashouts, payouts },
        adminCashoutApprove: (request) => ({
          message: "Approved 300 coins to farmer_one: sending",
          cashout: aCashout({ id: request.params.id, stage: "queued" }),
        }),
        adminAccountFreeze: () => ({
          message: "Froze 4 accounts",
          frozen: [{ userId: "u", username: "farmer_one" }],
        }),
        adminAccountUnfreeze: () => ({
          message: "Unfroze farmer_one",
          frozen: [{ userId: "u", username: "farmer_one" }],
        }),
      },
    },
  );
}

describe("the operators' cash-out queue", () => {
  it("shows ZBD's wallet in coins and sats, warns when it runs low and counts the held requests", async () => {
    showQueue([aCashout()]);
    const header = await screen.findByTestId("payouts-header");
    expect(header.textContent).toContain("Paid through ZBD");
    expect(header.textContent).toContain("4,200 coins");
    expect(header.textContent).toContain("(4,200 sats)");
    expect(header.textContent).toContain("Wallet low: top it up");
    expect(header.textContent).toContain("2 requests held until the wallet holds enough");
  });

  it("an entry: stage, amount in coins and sats, the account, the risk with its reasons, the linked accounts", async () => {
    const { user } = showQueue([aCashout()]);
    const entry = await screen.findByTestId("admin-cashout");
    expect(entry.textContent).toContain("farmer_one");
    expect(entry.textContent).toContain("→ harvest_moon");
    expect(within(entry).getByText("Waiting for review")).toBeTruthy();
    expect(entry.textContent).toContain("300 coins");
    expect(entry.textContent).toContain("300 sats");
    expect(entry.textContent).toContain("waiting 3 h");
    expect(within(entry).getByTestId("cashout-account").textContent).toBe("Account 8 days old · 1 battle");
    const risk = within(entry).getByTestId("cashout-risk");
    expect(within(risk).getByText("100 / 100")).toBeTruthy();
    expect(
      within(risk)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Shares a device with 1 other account: alt_two",
      "400 coins came from linked accounts (alt_two)",
    ]);
    const linked = within(entry).getByTestId("cashout-linked");
    expect(linked.textContent).toContain("Linked accounts (6)");
    // The one on the same device, who sent coins, first; three shown of six.
    const rows = () => within(linked).getAllByTestId("linked-account");
    expect(rows()).toHaveLength(3);
    expect(rows()[0]!.textContent).toContain("alt_two");
    expect(within(rows()[0]!).getByText("Same device")).toBeTruthy();
    expect(within(rows()[0]!).getByText("Same address")).toBeTruthy();
    expect(rows()[0]!.textContent).toContain("400 in · 0 out");
    await user.click(within(linked).getByRole("button", { name: "Show all 6" }));
    expect(rows()).toHaveLength(6);
    const frozen = rows().find((row) => row.textContent?.includes("bystander_d"));
    expect(within(frozen!).getByText("Frozen")).toBeTruthy();
  });

  it("Approve asks first: Cancel sends nothing, confirming sends it once", async () => {
    const { user, api } = showQueue([aCashout()]);
    const entry = await screen.findByTestId("admin-cashout");
    await user.click(within(entry).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this cash-out?" });
    expect(dialog.textContent).toContain("300 coins to harvest_moon are sent through ZBD now");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("adminCashoutApprove")).toHaveLength(0);

    await user.click(within(entry).getByRole("button", { name: "Approve" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(api.callsTo("adminCashoutApprove")).toHaveLength(1));
    expect(api.callsTo("adminCashoutApprove")[0]!.params).toEqual({ id: aCashout().id });
    expect(await findToast("Approved 300 coins to farmer_one: sending")).toBeTruthy();
  });

  it("offers at each stage only what the server allows", async () => {
    showQueue(
      [
        aCashout({ id: "review", username: "in_review" }),
        aCashout({ id: "manual", username: "by_hand", stage: "manual" }),
        aCashout({ id: "sending", username: "on_its_way", stage: "sending", providerRef: "zbd-pay-1" }),
      ],
      { provider: "record-only", walletMsats: null, walletCoins: null, low: false, held: 0 },
    );
    const [review, manual, sending] = await screen.findAllByTestId("admin-cashout");
    const buttons = (entry: HTMLElement) =>
      within(entry)
        .getAllByRole("button")
        .map((button) => button.textContent)
        .filter((name) => name !== "Show all 6");
    expect(buttons(review!)).toEqual(["Approve", "Mark paid", "Refund", "Freeze"]);
    expect(buttons(manual!)).toEqual(["Mark paid", "Refund", "Freeze"]);
    expect(within(manual!).getByText("Pay by hand")).toBeTruthy();
    expect(buttons(sending!)).toEqual(["Freeze"]);
    expect(sending!.textContent).toContain(
      "This cash-out is being paid by the provider: wait for its answer",
    );
    expect(sending!.textContent).toContain("ZBD reference: zbd-pay-1");
    expect(screen.getByTestId("payouts-header").textContent).toContain("Record only");
  });

  it("Freeze asks for a reason, and freezes the linked accounts too unless unticked", async () => {
    const { user, api } = showQueue([aCashout()]);
    const entry = await screen.findByTestId("admin-cashout");
    await user.click(within(entry).getByRole("button", { name: "Freeze" }));
    const dialog = await screen.findByRole("dialog", { name: "Freeze farmer_one?" });
    // Of the six linked, one is frozen already and one is the admin, whom the server never freezes.
    const also = within(dialog).getByLabelText<HTMLInputElement>("Also freeze 4 linked accounts");
    expect(also.checked).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Freeze" }));
    expect(await findToast("Enter a reason for the freeze")).toBeTruthy();
    expect(api.callsTo("adminAccountFreeze")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason"), "Farmed sign-up coins");
    await user.click(within(dialog).getByRole("button", { name: "Freeze" }));
    await waitFor(() => expect(api.callsTo("adminAccountFreeze")).toHaveLength(1));
    expect(api.callsTo("adminAccountFreeze")[0]!.params).toEqual({ id: aCashout().userId });
    expect(api.callsTo("adminAccountFreeze")[0]!.body).toEqual({
      reason: "Farmed sign-up coins",
      linked: true,
    });
    expect(await findToast("Froze 4 accounts")).toBeTruthy();

    await user.click(within(entry).getByRole("button", { name: "Freeze" }));
    const again = await screen.findByRole("dialog", { name: "Freeze farmer_one?" });
    await user.click(within(again).getByLabelText("Also freeze 4 linked accounts"));
    await user.type(within(again).getByLabelText("Reason"), "Just this one");
    await user.click(within(again).getByRole("button", { name: "Freeze" }));
    await waitFor(() => expect(api.callsTo("adminAccountFreeze")).toHaveLength(2));
    expect(api.callsTo("adminAccountFreeze")[1]!.body).toEqual({ reason: "Just this one", linked: false });
  });

  it("a frozen account: its reason on the entry and Unfreeze in place of Freeze", async () => {
    const { user, api } = showQueue([aCashout({ frozen: true, frozenReason: "Farmed sign-up coins" })]);
    const entry = await screen.findByTestId("admin-cashout");
    expect(within(entry).getByTestId("cashout-account").textContent).toContain(
      "frozen: Farmed sign-up coins",
    );
    expect(within(entry).queryByRole("button", { name: "Freeze" })).toBeNull();
    await user.click(within(entry).getByRole("button", { name: "Unfreeze" }));
    await waitFor(() => expect(api.callsTo("adminAccountUnfreeze")).toHaveLength(1));
    expect(api.callsTo("adminAccountUnfreeze")[0]!.params).toEqual({ id: aCashout().userId });
    expect(await findToast("Unfroze farmer_one")).toBeTruthy();
  });

  it("a payout that failed shows the runner's last error", async () => {
    showQueue([aCashout({ stage: "queued", lastError: "ZBD answered 502 Bad Gateway" })]);
    const note = await screen.findByTestId("cashout-last-error");
    expect(note.textContent).toContain("ZBD answered 502 Bad Gateway");
  });

  it("keeps the queue it loaded when a refresh is refused, under the note", async () => {
    const { queryClient } = showQueue([aCashout()], zbdWallet, { refreshFails: rateLimited(60) });
    const queue = await screen.findByRole("list", { name: "Cash-out requests" });
    expect(within(queue).getByText("farmer_one")).toBeTruthy();

    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.admin.cashouts }));
    expect((await screen.findByRole("status")).textContent).toBe("Could not refresh, retrying");
    expect(
      within(screen.getByRole("list", { name: "Cash-out requests" })).getByText("farmer_one"),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Failed to load data" })).toBeNull();
  });
});
