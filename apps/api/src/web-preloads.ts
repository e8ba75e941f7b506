import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The web app's page for a path: index.html with `<link rel="modulepreload">` for the chunks of the
 * route that will render it, read from the build's route-preloads.json (apps/web/build/route-preloads.ts;
 * docs/decisions/014-web-first-load.md). The browser then fetches them alongside the entry instead of
 * after the entry has run. Without that file (an older build) the page is index.html as it is.
 */
const ZRoutePreloads = z.object({
  routes: z.array(
    z.object({ path: z.string().startsWith('/'), files: z.array(z.string().regex(/^\/[\w./-]+\.js$/)), session: z.boolean().default(false) }),
  ),
});
type RoutePreload = z.infer<typeof ZRoutePreloads>['routes'][number];

/**
 * The route a path renders with, as TanStack Router matches it: static segments first, then `$param`
 * segments (one segment each), then a splat `$` (the rest, here the 404 page).
 */
export function matchRoute<T extends { path: string }>(routes: readonly T[], pathname: string): T | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: { route: T; score: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    let score = 0;
    let matched = true;
    for (let index = 0; index < pattern.length; index++) {
      const part = pattern[index] ?? '';
      if (part === '$') {
        // A splat matches what is left (possibly nothing); it ranks below any other match.
        score = -1;
        break;
      }
      const segment = segments[index];
      if (segment === undefined) {
        matched = false;
        break;
      }
      if (part.startsWith('$')) score += 1;
      else if (part.toLowerCase() === decodeSegment(segment).toLowerCase()) score += 2;
      else {
        matched = false;
        break;
      }
    }
    if (!matched) continue;
    if (score >= 0 && pattern.length !== segments.length) continue;
    if (!best || score > best.score) best = { route, score };
  }
  return best?.route;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The page's `<head>` additions: a preconnect to each of `origins` (the Auth server, which a page that
 * restores the session calls as soon as the SDK has started: its connection is then ready) and a
 * modulepreload for each chunk.
 */
export function injectModulePreloads(html: string, files: readonly string[], origins: readonly string[] = []): string {
  if ((files.length === 0 && origins.length === 0) || !html.includes('</head>')) return html;
  const links = [
    ...origins.map((origin) => `    <link rel="preconnect" href="${origin}" crossorigin>\n`),
    ...files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`),
  ].join('');
  return html.replace('</head>', `${links}  </head>`);
}

/**
 * `authOrigins`: where the Firebase Auth SDK restores a session (the emulator, or Google's identity
 * toolkit and token service); pages marked `session` preconnect to them.
 */
export function createWebPages(webDist: string, authOrigins: readonly string[] = []): { pageFor: (pathname: string) => Promise<string> } {
  type Web = { builtAt: number; html: string; routes: RoutePreload[]; pages: Map<string, string> };
  let web: Web | null = null;
  const indexFile = path.join(webDist, 'index.html');
  return {
    async pageFor(pathname) {
      // Read again after a rebuild (index.html names the new entry).
      const builtAt = (await stat(indexFile)).mtimeMs;
      if (web?.builtAt !== builtAt) {
        const html = await readFile(indexFile, 'utf8');
        const manifest = await readFile(path.join(webDist, 'route-preloads.json'), 'utf8').catch(() => null);
        const routes = manifest === null ? [] : ZRoutePreloads.parse(JSON.parse(manifest)).routes;
        web = { builtAt, html, routes, pages: new Map() };
      }
      const route = matchRoute(web.routes, pathname);
      if (!route) return web.html;
      let page = web.pages.get(route.path);
      if (page === undefined) {
        page = injectModulePreloads(web.html, route.files, route.session ? authOrigins : []);
        web.pages.set(route.path, page);
      }
      return page;
    },
  };
}
