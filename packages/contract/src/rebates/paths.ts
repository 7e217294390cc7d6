/** Rebates (MANPLAYREB3 manual rebate, PLYRBT my rebate): the member's and the operator's calls. */
export const REBATE_API_PATHS = {
  /** GET → TManualRebate: what has accrued so far today (and earlier days left to claim). */
  manualRebate: '/wps/rebates/manual',
  /** POST → TRebateClaimResult: pays everything claimable now, once. */
  manualRebateClaim: '/wps/rebates/manual/claim',
  /** GET ?from&to → TRebateReport: the member's rebates by day and category. */
  rebateReport: '/wps/rebates/report',
  /** GET → TRebateRateList; PUT TRebateRateChange → TRebateRateList. */
  operatorRebateRates: '/ops/merchants/:merchantCode/rebate-rates',
  /** GET → TRebateSettings; PATCH a part of it. */
  operatorRebateSettings: '/ops/merchants/:merchantCode/rebate-settings',
} as const;
