import { describe, expect, it } from 'vitest';
import { injectModulePreloads, matchRoute } from './web-preloads.js';

// Full paths as apps/web's build writes them (route-preloads.json): static, with a param, index and splat.
const routes = ['/$', '/', '/login', '/practice/$difficulty', '/chat/$difficulty', '/auth/callback', '/auth-callback', '/my-page'].map((path) => ({ path }));
const match = (pathname: string) => matchRoute(routes, pathname)?.path;

describe('matchRoute', () => {
  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/login/', '/login'],
    ['/LOGIN', '/login'],
    ['/practice/middle-school', '/practice/$difficulty'],
    ['/chat/toeic', '/chat/$difficulty'],
    ['/auth/callback', '/auth/callback'],
    ['/auth-callback', '/auth-callback'],
    ['/my-page', '/my-page'],
    // Anything else renders the 404 page (the splat route).
    ['/practice', '/$'],
    ['/practice/toeic/extra', '/$'],
    ['/no-such-page', '/$'],
  ])('%s renders with %s', (pathname, expected) => {
    expect(match(pathname)).toBe(expected);
  });

  it('matches nothing without a splat route for an unknown path', () => {
    expect(matchRoute([{ path: '/login' }], '/elsewhere')).toBeUndefined();
  });
});

describe('injectModulePreloads', () => {
  const html = '<!doctype html><html><head><title>x</title></head><body></body></html>';

  it('names each chunk in the head, before the entry script could ask for it', () => {
    const page = injectModulePreloads(html, ['/assets/login-Ab12.js', '/assets/field-Cd34.js']);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/login-Ab12.js">');
    expect(page.indexOf('/assets/field-Cd34.js')).toBeLessThan(page.indexOf('</head>'));
  });

  it('preconnects to the Auth server first on pages that restore the session', () => {
    const page = injectModulePreloads(html, ['/assets/practice-Ab12.js'], ['https://identitytoolkit.googleapis.com']);
    expect(page).toContain('<link rel="preconnect" href="https://identitytoolkit.googleapis.com" crossorigin>');
    expect(page.indexOf('preconnect')).toBeLessThan(page.indexOf('modulepreload'));
  });

  it('leaves the page alone without chunks', () => {
    expect(injectModulePreloads(html, [])).toBe(html);
  });
});
