import type { PaidPaymentStatus } from '@shunkan/config/billing';

/** What Stripe says was given back of one paid charge (its refunds and its latest dispute). */
export type TChargeReversal = {
  /** The charge's refunded total (yen): Stripe's `amount_refunded`, every refund so far together. */
  amountRefunded: number;
  /** The latest dispute of the charge, or null when it was never disputed. */
  dispute: { status: string; amount: number } | null;
};

/**
 * Dispute statuses under which the outcome is still open. Inquiries (warning_*) withdraw no funds yet
 * but need the same answer from the admin, so they show as disputed too; won, lost, warning_closed and
 * prevented are closed.
 */
const OPEN_DISPUTE_STATUSES: ReadonlySet<string> = new Set([
  'needs_response',
  'under_review',
  'warning_needs_response',
  'warning_under_review',
  'appeal_needs_response',
  'appeal_under_review',
]);

/**
 * The status of a paid payment given what was given back: a lost dispute first (the money went back
 * through the card issuer), then an open one, then refunds (all of it, or part of it). A won or closed
 * dispute leaves the refund status as it is.
 */
export function paymentStatusAfterReversal(amount: number, reversal: TChargeReversal): PaidPaymentStatus {
  const dispute = reversal.dispute?.status ?? null;
  if (dispute === 'lost') return 'dispute_lost';
  if (dispute !== null && OPEN_DISPUTE_STATUSES.has(dispute)) return 'disputed';
  if (reversal.amountRefunded >= amount && amount > 0) return 'refunded';
  if (reversal.amountRefunded > 0) return 'partially_refunded';
  return 'succeeded';
}
