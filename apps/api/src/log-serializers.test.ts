import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-serializers';

describe('serializeError', () => {
  it("leaves out a client's request body that an error carries (Stripe's signature error), keeping type, message and stack", () => {
    const payload = JSON.stringify({ id: 'evt_x', data: { object: { customer_email: 'learner@example.com', pad: 'A'.repeat(900_000) } } });
    const error = new Stripe.errors.StripeSignatureVerificationError('t=1,v1=deadbeef', payload, { message: 'No signatures found matching the expected signature for payload.' });
    const line = JSON.stringify(serializeError(error));
    expect(line.length).toBeLessThan(10_000);
    expect(line).not.toContain('learner@example.com');
    expect(serializeError(error)).toMatchObject({ type: 'StripeSignatureVerificationError', message: expect.stringContaining('No signatures found'), header: 't=1,v1=deadbeef', payload: `[${payload.length} characters left out]` });
  });

  it("keeps an error's short fields (a database error's code and detail) and its cause", () => {
    const cause = Object.assign(new Error('connection terminated'), { code: '57P01' });
    const error = Object.assign(new Error('query failed', { cause }), { code: '23505', detail: 'Key (id)=(1) already exists.', position: 12, nested: { table: 'users' } });
    expect(serializeError(error)).toMatchObject({ type: 'Error', code: '23505', detail: 'Key (id)=(1) already exists.', position: 12, nested: { table: 'users' } });
    expect((serializeError(error) as { message: string }).message).toContain('connection terminated');
  });

  it('caps a huge message and leaves values that are not errors alone', () => {
    const error = new Error('x'.repeat(100_000));
    expect((serializeError(error) as { message: string }).message.length).toBeLessThan(4_100);
    expect(serializeError('plain' as unknown as Error)).toBe('plain');
    expect(serializeError({ a: 1 } as unknown as Error)).toEqual({ a: 1 });
  });
});
