/**
 * A tab opened before a new version was deployed asks for chunks of the old build, which are gone: the
 * lazy page, form kit or toaster fails to load and the screen stays blank or half-built. Vite reports
 * such a failure as `vite:preloadError`; the page then loads again once, from the new index.html. A
 * second failure within a minute is left to the error page, so a chunk that is really missing (or a
 * network that is down) never reloads in a loop.
 */
const RELOADED_AT_KEY = 'shunkan.stale-build-reload-at';
const RETRY_AFTER_MS = 60_000;

type StaleBuildWindow = Pick<Window, 'addEventListener' | 'sessionStorage'> & { location: Pick<Location, 'reload'> };

export function reloadOnStaleChunk(win: StaleBuildWindow, now: () => number = Date.now): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RETRY_AFTER_MS) return;
    win.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
    event.preventDefault();
    win.location.reload();
  });
}
