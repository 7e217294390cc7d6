/** Deposits (with the gateway's callback and the sandbox gateway's checkout), payout accounts and withdrawals. */
export const MONEY_API_PATHS = {
  depositChannels: '/wps/deposit/channels',
  depositOrders: '/wps/deposit/orders',
  depositOrder: '/wps/deposit/orders/:orderNo',
  gatewayCallback: '/wps/deposit/callback/:gateway',
  payoutAccounts: '/wps/security/payout-accounts',
  payoutAccount: '/wps/security/payout-accounts/:id',
  withdrawInfo: '/wps/withdraw/info',
  withdrawals: '/wps/withdraw/orders',
  sandboxCheckout: '/sandbox-gateway/checkout/:orderNo',
} as const;
