import { defineSettingsArea } from '../../platform/settings-area';
import { DomainError } from '../../platform/http/errors';
import { ERROR_CODES } from '@palaro/contract';

/** Every number of the red-envelope rain, the merchant's (docs/REWARDS.md). */
export const redRainSettings = defineSettingsArea({
  name: 'redRain',
  defaults: {
    /** Envelopes one member may take from one event, unless the event says otherwise. */
    grabsPerMember: 3,
    /** The smallest envelope, in minor units, unless the event says otherwise (at least 1). */
    minEnvelope: 1n,
    /** The largest envelope, in times the mean, unless the event gives its own maximum. */
    maxEnvelopeTimesMean: 3,
    /** Hours before the start from which deposits or bets count towards qualifying. */
    qualifyHours: 24,
    /** Turnover an envelope requires before withdrawal, in percent of it (100 = bet it once). */
    turnoverPercent: 100,
    maxEnvelopes: 100_000,
    /** The largest budget of one event, in minor units. */
    maxBudget: 100_000_000n,
    /** Ended events in the member's history, and the result sheet's best envelopes. */
    historyEvents: 20,
    bestShown: 10,
  },
  assertCoherent: (settings) => {
    if (settings.minEnvelope < 1n || settings.grabsPerMember < 1 || settings.maxEnvelopeTimesMean < 1)
      throw new DomainError(
        ERROR_CODES.redRainInvalid,
        'An envelope holds at least 1 centavo and a member grabs at least once',
      );
  },
});
