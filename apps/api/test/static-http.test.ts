import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { startTestServer } from './harness.js';

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A raw HTTP request (fetch would decode the body and hide what went over the wire). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

describe('compression and caching', () => {
  // A build as Vite writes it: hashed assets with their .br and .gz twins, and index.html.
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  const webDist = mkdtempSync(path.join(tmpdir(), 'shunkan-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="ja"><head><title>Shunkan</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(script));
  // Each route's chunks (apps/web/build/route-preloads.ts).
  writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      routes: [
        { path: '/login', files: ['/assets/login-Ef56.js', '/assets/field-Gh78.js'] },
        { path: '/practice/$difficulty', files: ['/assets/practice-Ij90.js'], session: true },
        { path: '/$', files: [] },
      ],
    }),
  );

  let server: ServerHandle;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: webDist });
    base = await server.start();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('never serves a file outside the build (path traversal), and pages carry the CSP', async () => {
    const secret = path.join(path.dirname(webDist), `${path.basename(webDist)}-secret.txt`);
    writeFileSync(secret, 'TOP-SECRET');
    const name = path.basename(secret);
    for (const url of [`/../${name}`, `/..%2f${name}`, `/%2e%2e/${name}`, `/assets/..%2f..%2f${name}`, `/assets/%2e%2e%2f%2e%2e%2f${name}`, '/..%2f..%2f..%2f..%2fetc%2fpasswd', `/%252e%252e/${name}`]) {
      const response = await get(`${base}${url}`);
      const body = decode(response);
      expect(body, url).not.toContain('TOP-SECRET');
      expect(body, url).not.toMatch(/root:.*:0:0:/);
      expect(response.status, url).toBeLessThan(500);
    }
    const page = await get(`${base}/login`);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('serves a hashed asset precompressed (Accept-Encoding %s → %s) and cached for a year', async (accept, encoding) => {
    const response = await get(`${base}/assets/app-Ab12Cd34.js`, { 'accept-encoding': accept });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(script.length / 2);
    expect(decode(response)).toBe(script);
  });

  it('serves the plain asset to a client that accepts no encoding', async () => {
    const response = await get(`${base}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'identity' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString('utf8')).toBe(script);
  });

  it('answers a chunk that is not in the build with 404, not the page (a tab opened before a deploy)', async () => {
    const response = await get(`${base}/assets/practice-Old123.js`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect(decode(response)).not.toContain('<div id="root">');
  });

  it.each(['/', '/login', '/index.html'])('never caches index.html (%s)', async (pathname) => {
    const response = await get(`${base}${pathname}`, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decode(response)).toContain('<div id="root">');
  });

  it.each(['/', '/login', '/practice/toeic'])('answers HEAD of a page as its GET without the body, not 404 (%s; decision 098)', async (pathname) => {
    const page = await server.app.inject({ method: 'GET', url: pathname });
    const head = await server.app.inject({ method: 'HEAD', url: pathname });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(page.headers['content-type']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(head.body).toBe('');
    // An API path and a missing chunk stay 404 for HEAD too.
    expect((await server.app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'HEAD', url: '/assets/practice-Old123.js' })).statusCode).toBe(404);
  });

  it('names the chunks of the route a page renders with (modulepreload)', async () => {
    const login = decode(await get(`${base}/login?redirect=%2Fmy-page`, { 'accept-encoding': 'br, gzip' }));
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-Ef56.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/field-Gh78.js">');
    expect(login).not.toContain('practice-Ij90');
    expect(login).not.toContain('preconnect');
    const practice = decode(await get(`${base}/practice/middle-school`));
    expect(practice).toContain('href="/assets/practice-Ij90.js"');
    expect(practice).not.toContain('login-Ef56');
    // The practice screen restores the session at once: the connection to the Auth server opens early.
    expect(practice).toMatch(/<link rel="preconnect" href="http:\/\/127\.0\.0\.1:\d+" crossorigin>/);
    const unknown = decode(await get(`${base}/no-such-page`));
    expect(unknown).not.toContain('modulepreload');
    expect(unknown).toContain('<div id="root">');
  });

  it('compresses JSON responses over 1 KB and leaves small ones alone', async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    const plans = await get(`${base}/api/trpc/plans.list?batch=1&input=${input}`, { 'accept-encoding': 'br, gzip' });
    expect(plans.status).toBe(200);
    const text = decode(plans);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(plans.headers['content-encoding']).toBe('br');
    expect(JSON.parse(text)).toEqual([expect.objectContaining({ result: expect.anything() })]);

    const gzipOnly = await get(`${base}/api/trpc/plans.list?batch=1&input=${input}`, { 'accept-encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(decode(gzipOnly)).toBe(text);

    const health = await get(`${base}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
