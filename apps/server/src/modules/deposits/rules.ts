import type { DepositStatus, TGatewayAnswer } from '@palaro/contract';

export type GatewayOutcome = TGatewayAnswer['outcome'];

/**
 * What a gateway's notice does to an order in its current state. The gateway is the authority on
 * whether money moved: a 'paid' notice always ends in a credit, even after the order was declined or
 * expired on our side (the member paid late, or the notices arrived out of order). A 'declined'
 * notice only closes an order still pending; it never takes back a payment.
 */
export function gatewayOutcome(current: DepositStatus, notice: 'paid' | 'declined'): GatewayOutcome {
  if (notice === 'paid') {
    if (current === 'paid') return 'already_paid';
    return current === 'pending' ? 'credited' : 'credited_late';
  }
  return current === 'pending' ? 'declined' : 'ignored';
}

/** The status an order ends in after the outcome. */
export function statusAfter(current: DepositStatus, outcome: GatewayOutcome): DepositStatus {
  switch (outcome) {
    case 'credited':
    case 'credited_late':
    case 'already_paid':
      return 'paid';
    case 'declined':
      return 'declined';
    case 'ignored':
      return current;
  }
}
