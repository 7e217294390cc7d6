/** The promotion engine and reward centre: the member's and the operator's calls. */
export const PROMOTION_API_PATHS = {
  /** GET → TPromotionList: every promotion the member sees, with their status. */
  promotions: '/wps/promotions',
  /** GET → TPromotionDetail. */
  promotion: '/wps/promotions/:id',
  /** POST → TPromotionDetail: join a promotion that asks to be joined. */
  promotionJoin: '/wps/promotions/:id/join',
  /** POST → TClaimResult: claim what is claimable (check in, for a check-in). */
  promotionClaim: '/wps/promotions/:id/claim',
  /** PUT TApplicationRequest → TPromotionDetail. */
  promotionApply: '/wps/promotions/:id/application',
  /** POST the raw bytes of one PNG or JPEG → TFeedbackUpload-shaped TPromotionUpload. */
  promotionImages: '/wps/promotions/images',
  /** GET → TRewardCentre: available, claimable, in progress and claimed rewards, and turnover left. */
  rewardCentre: '/wps/reward-centre',
  operatorPromotions: '/ops/merchants/:merchantCode/promotions',
  operatorPromotion: '/ops/merchants/:merchantCode/promotions/:id',
  operatorPromotionClose: '/ops/merchants/:merchantCode/promotions/:id/close',
  operatorPromotionReport: '/ops/merchants/:merchantCode/promotions/report',
  operatorApplications: '/ops/merchants/:merchantCode/promotion-applications',
  operatorApplicationDecision: '/ops/merchants/:merchantCode/promotion-applications/:id/decision',
  operatorApplicationImage: '/ops/merchants/:merchantCode/promotion-applications/images/:imageId',
} as const;

export function promotionPath(path: string, id: number | string): string {
  return path.replace(':id', encodeURIComponent(String(id)));
}
