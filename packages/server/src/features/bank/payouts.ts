// Where cash-out requests go once their coins have left the vault. A real provider (a Lightning wallet
// service, say) sends the payment and may report the outcome at once: paid (the request is settled with its
// reference) or failed (the coins go back to the vault). The default leaves every request to the operators'
// queue in the admin panel.
export type PayoutRequest = {
  id: string;
  userId: string;
  gamertag: string;
  amount: number;
};

export type PayoutProvider = {
  readonly name: string;
  /**
   * Takes a committed, pending request. Returns the provider's reference for it, or null when there is none
   * yet. A throw leaves the request pending for a later retry: the coins are already safely out of the vault.
   */
  submit(request: PayoutRequest): Promise<PayoutAnswer>;
};

export type PayoutAnswer = {
  providerRef: string | null;
  /** Omitted while the payment is still on its way (or left to an operator). */
  outcome?: "paid" | "failed";
  /** For a failed payment: why, shown to the player with the refund. */
  failureReason?: string;
};

export const recordOnlyPayouts: PayoutProvider = {
  name: "record-only",
  submit: async () => ({ providerRef: null }),
};
