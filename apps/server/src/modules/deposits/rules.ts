import { randomInt } from 'node:crypto';
import type { DepositStatus, TGatewayAnswer } from '@palaro/contract';

const ORDER_NO_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ORDER_NO_RANDOM_LENGTH = 12;

/** 'D' + 12 random upper-case letters and digits (62 bits): unguessable, so the sandbox page and the records can be addressed by it. */
export function newDepositOrderNo(): string {
  let orderNo = 'D';
  for (let index = 0; index < ORDER_NO_RANDOM_LENGTH; index += 1) orderNo += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return orderNo;
}

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

