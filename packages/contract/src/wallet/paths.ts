/** The wallet: balance and its event stream, records, profit and loss, turnover, the upline transfer. */
export const WALLET_API_PATHS = {
  walletBalance: '/wps/wallet/balance',
  walletEvents: '/wps/wallet/events',
  accountRecords: '/wps/wallet/records',
  profitAndLoss: '/wps/wallet/profit-and-loss',
  turnover: '/wps/wallet/turnover',
  uplineTransfer: '/wps/wallet/upline-transfer',
} as const;
