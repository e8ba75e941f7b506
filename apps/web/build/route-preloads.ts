/**
 * Which chunks each page needs, written at build as `route-preloads.json` beside index.html
 * (docs/decisions/014-web-first-load.md). The server names them in the page's HTML as
 * `<link rel="modulepreload">`, so the browser fetches them alongside the entry instead of after the
 * entry has run and the router has matched the route (apps/api/src/web-preloads.ts).
 *
 * A route's chunks are the code-split parts of its route file (@tanstack/router-plugin's
 * `?tsr-split=` modules) and of its parent layouts, with the chunks those import statically, less the
 * entry's (already in the HTML). `extraModules` adds lazily imported modules a page is known to need at
 * once (the Firebase SDK and the data layer).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Per route: its full path, its chunks, and whether it restores the session at once (the server then preconnects to the Auth server). */
export type RoutePreloads = { routes: { path: string; files: string[]; session: boolean }[] };

/** `/_authed/_subscribed/practice/$difficulty` → `/practice/$difficulty`: pathless layouts and groups leave no segment. */
export function fullPathOf(routeId: string): string {
  const segments = routeId.split('/').filter((segment) => segment !== '' && !segment.startsWith('_') && !/^\(.*\)$/.test(segment));
  return `/${segments.join('/')}`;
}

/** The ids of a route's parents and its own, outermost first (`/_authed`, `/_authed/_subscribed`, `/_authed/_subscribed/`). */
function idChain(routeId: string): string[] {
  const segments = routeId.split('/').filter(Boolean);
  const prefixes = segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`);
  return [...prefixes.filter((id) => id !== routeId), routeId];
}

export function routePreloads(
  options: {
    extraModules?: (fullPath: string) => string[];
    needsSession?: (fullPath: string) => boolean;
    /**
     * Pages that paint a first frame of their own before their code (main.tsx, the practice screen's
     * shell): the HTML names only that module's chunks, so that nothing else shares the network with
     * them; the app starts the page's other chunks once the frame is painted.
     */
    firstPaintModules?: (fullPath: string) => string[] | undefined;
  } = {},
): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'shunkan:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const inEntry = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, inEntry);
      // A lazily imported module's chunk (its facade), or the chunk Rolldown placed it in with others.
      const chunkOfModule = (moduleId: string) =>
        chunks.find((chunk) => chunk.facadeModuleId === moduleId) ?? chunks.find((chunk) => chunk.moduleIds.includes(moduleId));

      // Route id → its split chunks (a route file may be split into several: component, error component…).
      const routeChunks = new Map<string, string[]>();
      for (const chunk of chunks) {
        const [file, query] = (chunk.facadeModuleId ?? '').split('?');
        if (!file || !query?.includes('tsr-split') || !file.includes(`${path.sep}routes${path.sep}`)) continue;
        const routeId = /createFileRoute\(\s*['"]([^'"]+)['"]/.exec(readFileSync(file, 'utf8'))?.[1];
        if (!routeId) continue;
        routeChunks.set(routeId, [...(routeChunks.get(routeId) ?? []), chunk.fileName]);
      }
      // Every route file, split or not (a route without a component still has a path).
      const routeIds = new Set<string>(routeChunks.keys());
      for (const chunk of chunks) {
        for (const moduleId of chunk.moduleIds) {
          const [file] = moduleId.split('?');
          if (!file?.startsWith(path.join(root, 'src', 'routes') + path.sep) || !file.endsWith('.tsx')) continue;
          const routeId = /createFileRoute\(\s*['"]([^'"]+)['"]/.exec(readFileSync(file, 'utf8'))?.[1];
          if (routeId) routeIds.add(routeId);
        }
      }

      const routes: RoutePreloads['routes'] = [];
      for (const routeId of [...routeIds].sort()) {
        // Layouts without a path of their own (`/_authed`) are only parents.
        if (routeId.split('/').at(-1)?.startsWith('_')) continue;
        const fullPath = fullPathOf(routeId);
        const files = new Set<string>();
        const firstPaint = options.firstPaintModules?.(fullPath);
        if (!firstPaint) for (const id of idChain(routeId)) for (const fileName of routeChunks.get(id) ?? []) withImports(fileName, files);
        for (const module of firstPaint ?? options.extraModules?.(fullPath) ?? []) {
          const chunk = chunkOfModule(path.join(root, module));
          if (!chunk) this.error(`route-preloads: no chunk for ${module}`);
          withImports(chunk.fileName, files);
        }
        const needed = [...files].filter((fileName) => !inEntry.has(fileName)).map((fileName) => `${base}${fileName}`);
        routes.push({ path: fullPath, files: needed, session: options.needsSession?.(fullPath) ?? false });
      }
      const preloads: RoutePreloads = { routes };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
