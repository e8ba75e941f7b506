import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { staticSecurityHeaders } from './security-headers.js';

function response(): ServerResponse {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('x-powered-by', 'something');
  return res;
}

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", 'https://api.stripe.com'], upgradeInsecureRequests: null } },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

describe('staticSecurityHeaders', () => {
  it("sets exactly the headers helmet's middleware sets, and removes what it removes", () => {
    const byHelmet = response();
    helmet(OPTIONS)({} as IncomingMessage, byHelmet, () => undefined);
    const replayed = response();
    staticSecurityHeaders(OPTIONS)(replayed);
    expect(replayed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(replayed.getHeader('content-security-policy')).toMatch(/default-src 'self'.*connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(replayed.getHeader('x-powered-by')).toBeUndefined();
  });

  it('fails at start-up, not per request, on directives that read the request or response (a nonce function)', () => {
    const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${String(res.getHeader('x-nonce'))}'`;
    expect(() => staticSecurityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } })).toThrow();
  });
});
