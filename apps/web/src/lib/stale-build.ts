/**
 * A tab opened before a new version was deployed asks for chunks of the old build, which are gone: the
 * lazy page, form kit or toaster fails to load and the screen stays blank or half-built. Vite reports
 * such a failure as `vite:preloadError`; the page then loads again once, from the new index.html. A
 * second failure within a minute is left to the error page, so a chunk that is really missing never
 * reloads in a loop.
 *
 * The same event fires when the server cannot be reached at all (restarting, or the learner's network
 * gone): reloading then swapped the screen, and the answer typed into it, for the browser's "This site
 * can't be reached" page. So the page is loaded again only once the server is seen to answer (the
 * failed chunk, or `/` when the error names none, asked again): a deploy's missing chunk answers 404,
 * an unreachable server answers nothing and the failure is left to the screen that asked (its error
 * state or notification, decision 061).
 *
 * TanStack Router's lazy route components reload the page themselves on such a failure, once per
 * message (`lazyRouteComponent`: a sessionStorage key `tanstack_router_reload:<message>`), also into a
 * dead server. The key is set here first, so that this one rule decides; the route's error page then
 * offers to try again (features/layout/fallbacks.tsx).
 */
const RELOADED_AT_KEY = 'shunkan.stale-build-reload-at';
const RETRY_AFTER_MS = 60_000;

type StaleBuildWindow = Pick<Window, 'addEventListener' | 'sessionStorage'> & { location: Pick<Location, 'reload'> };
type Probe = (url: string) => Promise<unknown>;

const probeServer: Probe = (url) => fetch(url, { method: 'HEAD', cache: 'no-store' });

/** A chunk that could not be fetched (the messages TanStack Router's `isModuleNotFoundError` knows). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/.test(error.message);
}

/** The chunk a failed dynamic import or preload names ("Failed to fetch dynamically imported module: …"). */
export function failedChunkUrl(payload: unknown): string | null {
  const message = payload instanceof Error ? payload.message : typeof payload === 'string' ? payload : '';
  const match = /(https?:\/\/\S+|\/assets\/\S+)/.exec(message);
  return match ? match[1]! : null;
}

export function reloadOnStaleChunk(win: StaleBuildWindow, now: () => number = Date.now, probe: Probe = probeServer): void {
  win.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload instanceof Error) win.sessionStorage.setItem(`tanstack_router_reload:${payload.message}`, '1');
    const last = Number(win.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RETRY_AFTER_MS) return;
    const url = failedChunkUrl(payload) ?? '/';
    // The failure goes on to whoever imported the chunk (not prevented): if the server answers, the
    // reload replaces whatever they showed a moment later.
    probe(url).then(
      () => {
        if (now() - Number(win.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) < RETRY_AFTER_MS) return;
        win.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
        win.location.reload();
      },
      () => {},
    );
  });
}
