/** Red-envelope rain (GAMSER): the member's events, grabs and history, and the operator's events. */
export const RED_RAIN_API_PATHS = {
  /** The live and upcoming events (with the member's qualification) and the member's history. */
  redRain: '/wps/red-rain',
  /** Take one envelope of a live event. */
  redRainGrab: '/wps/red-rain/:id/grab',
  /** An event's result sheet: the member's envelopes and the biggest ones caught (names masked). */
  redRainResult: '/wps/red-rain/:id/result',
  operatorRedRain: '/ops/merchants/:merchantCode/red-rain',
  operatorRedRainEvent: '/ops/merchants/:merchantCode/red-rain/:id',
  operatorRedRainCancel: '/ops/merchants/:merchantCode/red-rain/:id/cancel',
} as const;
