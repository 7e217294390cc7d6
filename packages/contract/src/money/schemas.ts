import { z } from 'zod';
import { MAX_AMOUNT_CENTAVOS } from './format';

/**
 * An amount on the wire: an integer number of centavos (./format.ts). The one schema of an amount:
 * a field whose amount has bounds says them where it is declared (a balance or a net may be
 * negative, a stake may not), so what each field accepts is read beside it.
 */
export const ZCentavos = z.number().int();

/** An amount given as text (a query string's `minBet=500`), coerced to the same integer of centavos. */
export const ZCentavosText = z.coerce.number().int();

/** An amount a player asks to move: positive, at most MAX_AMOUNT_CENTAVOS. */
export const ZAmountCentavos = ZCentavos.positive().max(MAX_AMOUNT_CENTAVOS);
