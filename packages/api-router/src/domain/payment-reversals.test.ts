import { describe, expect, it } from 'vitest';
import { paymentStatusAfterReversal } from './payment-reversals.js';

describe('paymentStatusAfterReversal', () => {
  it.each([
    ['nothing given back', { amountRefunded: 0, dispute: null }, 'succeeded'],
    ['a partial refund', { amountRefunded: 300, dispute: null }, 'partially_refunded'],
    ['a full refund', { amountRefunded: 780, dispute: null }, 'refunded'],
    ['an open dispute', { amountRefunded: 0, dispute: { status: 'needs_response', amount: 780 } }, 'disputed'],
    ['an inquiry', { amountRefunded: 0, dispute: { status: 'warning_needs_response', amount: 780 } }, 'disputed'],
    ['a dispute under review after a partial refund', { amountRefunded: 300, dispute: { status: 'under_review', amount: 480 } }, 'disputed'],
    ['a lost dispute', { amountRefunded: 0, dispute: { status: 'lost', amount: 780 } }, 'dispute_lost'],
    ['a won dispute', { amountRefunded: 0, dispute: { status: 'won', amount: 780 } }, 'succeeded'],
    ['a won dispute after a partial refund', { amountRefunded: 300, dispute: { status: 'won', amount: 480 } }, 'partially_refunded'],
    ['a closed inquiry', { amountRefunded: 0, dispute: { status: 'warning_closed', amount: 780 } }, 'succeeded'],
  ] as const)('%s', (_name, reversal, status) => {
    expect(paymentStatusAfterReversal(780, reversal)).toBe(status);
  });
});
