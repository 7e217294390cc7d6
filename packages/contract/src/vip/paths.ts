/** The VIP club (MEMCLUB3, /m/member/benefits): the member's and the operator's calls. */
export const VIP_API_PATHS = {
  /** GET → TVipClub: the levels, their benefits and the member's progress (404 vip.hidden when VIP display is off). */
  club: '/wps/vip/club',
  /** GET → TVipLevelList; PUT TVipLevel (one level, made or replaced) → TVipLevelList. */
  operatorVipLevels: '/ops/merchants/:merchantCode/vip-levels',
  /** DELETE one level (never 0). */
  operatorVipLevel: '/ops/merchants/:merchantCode/vip-levels/:level',
  /** GET → TVipSettings; PATCH a part of it. */
  operatorVipSettings: '/ops/merchants/:merchantCode/vip-settings',
} as const;
