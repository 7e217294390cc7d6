/** The operator's API (bearer token) and the development outbox. */
export const OPERATOR_API_PATHS = {
  operatorMerchant: '/ops/merchants/:merchantCode',
  operatorMaintenance: '/ops/merchants/:merchantCode/maintenance',
  operatorFlags: '/ops/merchants/:merchantCode/flags',
  operatorRegion: '/ops/merchants/:merchantCode/region',
  devOutbox: '/dev/outbox',
  operatorWalletSettings: '/ops/merchants/:merchantCode/wallet-settings',
  operatorChannels: '/ops/merchants/:merchantCode/payment-channels',
  operatorChannel: '/ops/merchants/:merchantCode/payment-channels/:id',
  operatorDeposits: '/ops/merchants/:merchantCode/deposits',
  operatorDepositApprove: '/ops/merchants/:merchantCode/deposits/:orderNo/approve',
  operatorDepositReject: '/ops/merchants/:merchantCode/deposits/:orderNo/reject',
  operatorWithdrawals: '/ops/merchants/:merchantCode/withdrawals',
  operatorWithdrawalApprove: '/ops/merchants/:merchantCode/withdrawals/:orderNo/approve',
  operatorWithdrawalReject: '/ops/merchants/:merchantCode/withdrawals/:orderNo/reject',
  operatorMemberTurnover: '/ops/merchants/:merchantCode/members/:username/turnover',
  operatorTurnoverWaive: '/ops/merchants/:merchantCode/members/:username/turnover/waive',
  operatorTurnoverRequirement: '/ops/merchants/:merchantCode/members/:username/turnover/:id',
  operatorJobs: '/ops/jobs',
  operatorJobRetry: '/ops/jobs/:id/retry',
  operatorCredentials: '/ops/operators',
  operatorCredentialRevoke: '/ops/operators/:id/revoke',
} as const;

export function operatorPath(template: string, merchantCode: string): string {
  return template.replace(':merchantCode', encodeURIComponent(merchantCode));
}
