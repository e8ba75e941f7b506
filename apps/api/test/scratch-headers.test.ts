import { it } from 'vitest';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { startTestServer } from './harness.js';

it('headers scratch', async () => {
  const webDist = path.resolve(__dirname, '../../web/dist');
  const asset = readdirSync(path.join(webDist, 'assets')).find((f) => f.endsWith('.js'));
  const server = await startTestServer({ WEB_DIST: webDist, RATE_LIMIT_AUTH_PER_MIN: '1' });
  const reqs: Array<[string, string, Record<string, string>?, string?]> = [
    ['GET', `/assets/${asset}`],
    ['HEAD', `/assets/${asset}`],
    ['GET', `/assets/${asset}`, { 'if-modified-since': new Date(Date.now() + 86400000).toUTCString() }],
    ['GET', `/assets/${asset}`, { range: 'bytes=0-10' }],
    ['GET', `/assets/${asset}`, { range: 'bytes=999999999-' }],
    ['GET', '/assets/missing.js'],
    ['GET', '/favicon.svg'],
    ['GET', '/index.html'],
    ['GET', '/'],
    ['GET', '/no/such/page'],
    ['HEAD', '/no/such/page'],
    ['POST', '/no/such/page', { 'content-type': 'application/json' }, '{}'],
    ['GET', '/route-preloads.json'],
    ['GET', '/api/auth/user'],
    ['GET', '/api/auth/user'],
    ['OPTIONS', '/api/trpc/auth.me', { origin: 'https://evil.example', 'access-control-request-method': 'GET' }],
    ['GET', '/%61pi/nope'],
    ['GET', '/api/openapi.json'],
  ];
  for (const [method, url, headers, payload] of reqs) {
    const r = await server.app.inject({ method: method as 'GET', url, headers, payload });
    const h = r.headers;
    console.log(method, url, r.statusCode, h['content-type'], '| csp', Boolean(h['content-security-policy']), 'hsts', Boolean(h['strict-transport-security']), 'nosniff', h['x-content-type-options'], 'xfo', h['x-frame-options'], 'cache', h['cache-control'], 'acao', h['access-control-allow-origin'], 'body', r.body.slice(0, 80).replace(/\n/g, ' '));
  }
  await server.stop();
}, 120000);
