// Where cash-out requests go once their coins have left the vault. A real provider (a Lightning wallet
// service, say) would send the payment and report back; the default only keeps the pending request on record.
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
  submit(request: PayoutRequest): Promise<{ providerRef: string | null }>;
};

export const recordOnlyPayouts: PayoutProvider = {
  name: "record-only",
  submit: async () => ({ providerRef: null }),
};
