import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe's REST protocol that services/billing/stripe.ts uses
 * (customers create/retrieve/delete, subscriptions create/retrieve/update/cancel, checkout sessions, billing portal sessions,
 * prices retrieve and list, charges retrieve, invoice payments list, disputes list), with form-encoded request bodies as the real SDK sends them. Tests point the SDK at it
 * (`host`, `port`, `protocol: 'http'`) and assert what was sent. Objects are kept in memory, so a
 * retrieve returns what a create made. A POST with an `Idempotency-Key` header is answered once and its
 * answer replayed for the same key, as Stripe does (a different body under a used key is refused).
 */

export type StripeRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body (POST) or query (GET), flat: `items[0][price]` → value. */
  params: Record<string, string>;
};

export type FakePrice = { id: string; unit_amount: number; currency?: string; interval: 'month' | 'year'; active?: boolean };

export type FakeStripeServer = {
  /** host:port for STRIPE_API_HOST / createStripeBilling({ apiHost }). */
  host: string;
  requests: StripeRequest[];
  /** Requests to one path prefix and method, e.g. calls('POST', '/v1/subscriptions'). */
  calls(method: string, path: string): StripeRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  /** Customers by id; a deleted one is `{ id, object: 'customer', deleted: true }`, as Stripe returns it. */
  customers: Map<string, Record<string, unknown>>;
  /**
   * What Stripe does when the first invoice of an incomplete subscription is paid: it becomes active. The
   * payment is a payment intent with one charge, linked to the invoice by an invoice payment (API versions
   * since 2025-03 link them only so). Returns the invoice's and the charge's ids.
   */
  pay(subscriptionId: string): { invoiceId: string; chargeId: string };
  /** A refund made at Stripe (dashboard or API): the whole rest of the charge unless `amount` is given. */
  refund(chargeId: string, amount?: number): { refund: Record<string, unknown>; charge: Record<string, unknown> };
  /** The cardholder's bank opens a dispute on the charge, or Stripe moves the open one to `status`. */
  dispute(chargeId: string, status: string): Record<string, unknown>;
  /** The next request (only) is answered with this Stripe error. */
  failNext(status: number, message?: string): void;
  /** The next request to this method and path whose params match (only) is answered with this Stripe error. */
  failNextMatching(method: string, path: string, match: (params: Record<string, string>) => boolean, status: number, message?: string): void;
  /**
   * Stripe hangs: requests from now on are received (and recorded) but not answered until `answer()`,
   * which handles the held ones in arrival order and answers the next at once again.
   */
  hang(): void;
  answer(): void;
  /** Requests received and not answered (held by `hang`). */
  readonly held: number;
  close(): Promise<void>;
};

const DAY_SECONDS = 86_400;

/** What a subscription update with payment_behavior=pending_if_incomplete may carry (Stripe's pending updates reference). */
const PENDING_UPDATE_PARAMS = /^(expand|payment_behavior|proration_behavior|proration_date|billing_cycle_anchor|items|trial_end|trial_from_plan|add_invoice_items)(\[|$)/;

function parseParams(raw: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(raw));
}

function expansions(params: Record<string, string>): string[] {
  return Object.entries(params)
    .filter(([key]) => key.startsWith('expand['))
    .map(([, value]) => value);
}

export async function startFakeStripe(options: { prices?: FakePrice[]; now?: () => number } = {}): Promise<FakeStripeServer> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const requests: StripeRequest[] = [];
  const prices = new Map((options.prices ?? []).map((p) => [p.id, p]));
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  const charges = new Map<string, Record<string, unknown>>();
  const invoicePayments: Array<Record<string, unknown>> = [];
  const disputes: Array<Record<string, unknown>> = [];
  let counter = 0;
  let failure: { status: number; message: string } | null = null;
  let matchedFailure: { method: string; path: string; match: (params: Record<string, string>) => boolean; status: number; message: string } | null = null;
  const nextId = (prefix: string) => `${prefix}_fake${(counter += 1).toString().padStart(4, '0')}`;

  function priceObject(id: string) {
    const price = prices.get(id);
    return {
      id,
      object: 'price',
      active: price?.active ?? true,
      currency: price?.currency ?? 'jpy',
      unit_amount: price?.unit_amount ?? 0,
      type: 'recurring',
      recurring: { interval: price?.interval ?? 'month', interval_count: 1 },
      product: 'prod_fake',
    };
  }

  function createInvoice(subscriptionId: string, customer: string, amount: number, reason: string) {
    const id = nextId('in');
    const invoice = {
      id,
      object: 'invoice',
      customer,
      amount_due: amount,
      amount_paid: 0,
      currency: 'jpy',
      billing_reason: reason,
      status: 'open',
      confirmation_secret: { client_secret: `pi_${id}_secret_fake`, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  /** The subscription as the API returns it, with `latest_invoice` expanded when asked for. */
  function render(subscription: Record<string, unknown>, expand: string[]) {
    const invoice = invoices.get(subscription.latest_invoice as string);
    const wantsInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    return { ...subscription, latest_invoice: wantsInvoice ? invoice : subscription.latest_invoice };
  }

  function itemFor(subscriptionId: string, priceId: string, itemId = nextId('si')) {
    const interval = prices.get(priceId)?.interval ?? 'month';
    return {
      id: itemId,
      object: 'subscription_item',
      subscription: subscriptionId,
      price: priceObject(priceId),
      quantity: 1,
      current_period_start: now(),
      current_period_end: now() + (interval === 'year' ? 365 : 30) * DAY_SECONDS,
    };
  }

  function handle(method: string, path: string, params: Record<string, string>): { status: number; json: unknown } {
    const expand = expansions(params);
    if (method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus');
      const customer = { id, object: 'customer', email: params.email ?? null, metadata: { user_id: params['metadata[user_id]'] } };
      customers.set(id, customer);
      return { status: 200, json: customer };
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (customerMatch) {
      const id = customerMatch[1] ?? '';
      const customer = customers.get(id);
      if (!customer) return stripeError(404, `No such customer: '${id}'`);
      if (method === 'GET') return { status: 200, json: customer };
      if (method === 'DELETE') {
        // Stripe: "Permanently deletes a customer. It cannot be undone. Also immediately cancels any
        // active subscriptions on the customer." Deleting it again: no such customer.
        if (customer.deleted) return stripeError(404, `No such customer: '${id}'`);
        for (const subscription of subscriptions.values()) {
          if (subscription.customer !== id || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
          const invoice = invoices.get(subscription.latest_invoice as string);
          if (invoice?.status === 'open') invoice.status = 'void';
          subscription.status = 'canceled';
          subscription.canceled_at = now();
        }
        const deleted = { id, object: 'customer', deleted: true };
        customers.set(id, deleted);
        return { status: 200, json: deleted };
      }
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const id = nextId('sub');
      const priceId = params['items[0][price]'] ?? '';
      const customer = params.customer ?? '';
      if (customers.get(customer)?.deleted) return stripeError(400, `No such customer: '${customer}'`);
      const invoice = createInvoice(id, customer, prices.get(priceId)?.unit_amount ?? 0, 'subscription_create');
      const subscription = {
        id,
        object: 'subscription',
        customer,
        status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        created: now(),
        canceled_at: null,
        cancel_at_period_end: false,
        cancel_at: null,
        metadata: { user_id: params['metadata[user_id]'], plan_id: params['metadata[plan_id]'] },
        items: { object: 'list', data: [itemFor(id, priceId)], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
        latest_invoice: invoice.id,
        pending_update: null,
      };
      subscriptions.set(id, subscription);
      return { status: 200, json: render(subscription, expand) };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? '');
      if (!subscription) return stripeError(404, `No such subscription: '${subscriptionMatch[1]}'`);
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') return stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
        // An unpaid first invoice is voided with its subscription; a paid period is left as it is (the
        // proration credit of prorate/invoice_now is not modelled).
        const invoice = invoices.get(subscription.latest_invoice as string);
        if (invoice?.status === 'open') invoice.status = 'void';
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        return { status: 200, json: render(subscription, expand) };
      }
      if (method === 'POST') {
        // Stripe's pending updates take only the parameters that control prorations or make invoices.
        const unsupported = Object.keys(params).filter((key) => !PENDING_UPDATE_PARAMS.test(key));
        if (params.payment_behavior === 'pending_if_incomplete' && unsupported.length > 0) {
          return stripeError(400, `When \`payment_behavior\` is \`pending_if_incomplete\`, these parameters are not supported: ${unsupported.join(', ')}.`);
        }
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
          // Since API version 2025-05 the flag and cancel_at move together.
          subscription.cancel_at = subscription.cancel_at_period_end ? (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]?.current_period_end ?? null : null;
        }
        if (params.cancel_at !== undefined) {
          subscription.cancel_at = params.cancel_at === '' ? null : Number(params.cancel_at);
          subscription.cancel_at_period_end = false;
        }
        const newPrice = params['items[0][price]'];
        if (newPrice) {
          const items = subscription.items as { data: Array<{ id: string }> };
          const itemId = params['items[0][id]'] ?? items.data[0]?.id;
          items.data = [itemFor(subscription.id as string, newPrice, itemId)];
          // A switch to another interval bills at once: the new price minus a fixed fake credit.
          const invoice = createInvoice(subscription.id as string, subscription.customer as string, Math.max(0, (prices.get(newPrice)?.unit_amount ?? 0) - 500), 'subscription_update');
          invoice.amount_paid = invoice.amount_due;
          subscription.latest_invoice = invoice.id;
        }
      }
      return { status: 200, json: render(subscription, expand) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs');
      return {
        status: 200,
        json: { id, object: 'checkout.session', mode: params.mode, customer: params.customer, url: `https://checkout.stripe.test/c/pay/${id}`, success_url: params.success_url, cancel_url: params.cancel_url },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return { status: 200, json: { id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url, url: `https://billing.stripe.test/p/session/${id}` } };
    }
    const chargeMatch = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === 'GET' && chargeMatch) {
      const charge = charges.get(chargeMatch[1] ?? '');
      if (!charge) return stripeError(404, `No such charge: '${chargeMatch[1]}'`);
      return { status: 200, json: charge };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const data = invoicePayments.filter((p) => {
        const payment = p.payment as { type: string; payment_intent: string };
        if (params.invoice && p.invoice !== params.invoice) return false;
        if (params['payment[type]'] && payment.type !== params['payment[type]']) return false;
        if (params['payment[payment_intent]'] && payment.payment_intent !== params['payment[payment_intent]']) return false;
        return true;
      });
      return { status: 200, json: list('/v1/invoice_payments', data, params) };
    }
    if (method === 'GET' && path === '/v1/disputes') {
      const data = disputes.filter((d) => !params.charge || d.charge === params.charge).reverse();
      return { status: 200, json: list('/v1/disputes', data, params) };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const data = [...prices.keys()].map((id) => priceObject(id));
      return { status: 200, json: { object: 'list', url: '/v1/prices', has_more: false, data } };
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === 'GET' && priceMatch) {
      const id = priceMatch[1] ?? '';
      if (!prices.has(id)) return stripeError(404, `No such price: '${id}'`);
      return { status: 200, json: priceObject(id) };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function list(url: string, data: Array<Record<string, unknown>>, params: Record<string, string>) {
    const limit = Number(params.limit ?? 10);
    return { object: 'list', url, has_more: data.length > limit, data: data.slice(0, limit) };
  }

  function stripeError(status: number, message: string) {
    return { status, json: { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } } };
  }

  // Stripe keeps an idempotent request's answer (for 24 hours) and replays it for the same key.
  const idempotent = new Map<string, { params: string; status: number; json: unknown }>();
  let hanging = false;
  const held: Array<() => void> = [];

  function respond(recorded: StripeRequest, res: ServerResponse) {
    const key = recorded.method === 'POST' ? recorded.headers['idempotency-key'] : undefined;
    const seen = typeof key === 'string' ? idempotent.get(`${recorded.path} ${key}`) : undefined;
    let reply: { status: number; json: unknown };
    if (seen) {
      reply = seen.params === JSON.stringify(recorded.params) ? seen : stripeError(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`);
    } else {
      const matched = matchedFailure && matchedFailure.method === recorded.method && matchedFailure.path === recorded.path && matchedFailure.match(recorded.params) ? matchedFailure : null;
      const injected = failure ?? matched;
      reply = injected ? stripeError(injected.status, injected.message) : handle(recorded.method, recorded.path, recorded.params);
      failure = null;
      if (matched) matchedFailure = null;
      if (typeof key === 'string' && reply.status < 500) idempotent.set(`${recorded.path} ${key}`, { params: JSON.stringify(recorded.params), ...reply });
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${counter}`, ...(seen ? { 'idempotent-replayed': 'true' } : {}) });
    res.end(JSON.stringify(reply.json));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const raw = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const recorded: StripeRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, params: parseParams(raw) };
      requests.push(recorded);
      if (hanging) held.push(() => respond(recorded, res));
      else respond(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    requests,
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    subscriptions,
    customers,
    pay(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`fake stripe: no subscription ${subscriptionId}`);
      const invoice = invoices.get(subscription.latest_invoice as string);
      if (!invoice) throw new Error(`fake stripe: subscription ${subscriptionId} has no invoice`);
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      subscription.status = 'active';
      const paymentIntent = nextId('pi');
      const chargeId = nextId('ch');
      const amount = invoice.amount_paid as number;
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: 'jpy',
        customer: invoice.customer,
        payment_intent: paymentIntent,
        paid: true,
        status: 'succeeded',
        created: now(),
      });
      invoicePayments.push({
        id: nextId('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        amount_paid: amount,
        amount_requested: amount,
        currency: 'jpy',
        is_default: true,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        created: now(),
      });
      return { invoiceId: invoice.id as string, chargeId };
    },
    refund(chargeId, amount) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake stripe: no charge ${chargeId}`);
      const rest = (charge.amount as number) - (charge.amount_refunded as number);
      const refunded = amount ?? rest;
      if (refunded <= 0 || refunded > rest) throw new Error(`fake stripe: cannot refund ${refunded} of ${rest}`);
      charge.amount_refunded = (charge.amount_refunded as number) + refunded;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund = { id: nextId('re'), object: 'refund', amount: refunded, charge: chargeId, payment_intent: charge.payment_intent, currency: 'jpy', status: 'succeeded', created: now() };
      return { refund, charge: { ...charge } };
    },
    dispute(chargeId, status) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake stripe: no charge ${chargeId}`);
      let dispute = disputes.findLast((d) => d.charge === chargeId);
      if (!dispute || dispute.status === 'won' || dispute.status === 'lost') {
        dispute = { id: nextId('dp'), object: 'dispute', amount: (charge.amount as number) - (charge.amount_refunded as number), charge: chargeId, payment_intent: charge.payment_intent, currency: 'jpy', reason: 'fraudulent', created: now() };
        disputes.push(dispute);
        charge.disputed = true;
      }
      dispute.status = status;
      return { ...dispute };
    },
    failNext(status, message = 'Something went wrong on the fake Stripe side.') {
      failure = { status, message };
    },
    failNextMatching(method, path, match, status, message = 'Something went wrong on the fake Stripe side.') {
      matchedFailure = { method, path, match, status, message };
    },
    hang() {
      hanging = true;
    },
    answer() {
      hanging = false;
      for (const reply of held.splice(0)) reply();
    },
    get held() {
      return held.length;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
