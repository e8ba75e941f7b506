import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@shunkan/ui/theme';
import { Toaster } from '@shunkan/ui/toaster';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDataProvider } from './features/layout/root-layout';
import { AuthProvider } from './lib/auth';
import { hasSessionHint } from './lib/firebase';
import { loadPublicConfig } from './lib/public-config';
import { needsDataLayer, SHELL_PATHS } from './lib/route-needs';
import { router } from './router';
import { reloadOnStaleChunk } from './lib/stale-build';

// Spec: on load the app unregisters any service workers (a stale one could serve an old build).
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

// A tab opened before a deploy loads the new version when an old chunk is gone (lib/stale-build.ts).
reloadOnStaleChunk(window);

function App() {
  // The data layer (TanStack Query, tRPC) wraps the pages that call the API: features/layout/root-layout.tsx.
  return (
    <ChakraProvider value={system}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toaster />
    </ChakraProvider>
  );
}

const [matchedRoutes, routeParams] = router.getMatchedRoutes(window.location.pathname);
const rootElement = document.getElementById('root') as HTMLElement;
const root = createRoot(rootElement);

/** The next task: the browser may paint and handle input in between (`scheduler.yield` where there is one). */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Loads the page (its code, configuration, guards and data layer), then renders the app. `inSteps`
 * (after the practice shell's paint) starts each chunk in a task of its own: starting a lazy chunk
 * appends a modulepreload link per dependency (~60 for the practice screen's routes), which in one task
 * blocks the main thread long enough to count against the page's responsiveness.
 */
function loadPage(inSteps = false) {
  // Pages that call the API need the data layer from their first render.
  const needsData = needsDataLayer(window.location.pathname, hasSessionHint());
  // The page's code (the matched routes' lazy chunks) and the data layer download while the configuration
  // loads, rather than after the first render asks for them.
  let dataLayer: Promise<unknown> = Promise.resolve();
  const starts = [
    ...matchedRoutes.map((route) => () => void router.loadRouteChunk(route)?.catch(() => undefined)),
    () => {
      if (needsData) dataLayer = loadDataProvider();
    },
  ];
  let started = Promise.resolve();
  if (inSteps) for (const start of starts) started = started.then(nextTask).then(start);
  else for (const start of starts) start();
  const config = loadPublicConfig();
  config
    // The page is rendered once its guards have run and its code is there (the route chunks and the data
    // layer, named in the HTML by the server): its first paint is the page itself, not spinners that
    // React then replaces (and holds back for 300 ms, Suspense's reveal throttle).
    .then(() => started)
    .then(() => Promise.all([router.load().catch(() => undefined), dataLayer.catch(() => undefined)]))
    .then(() => {
      // The first render as a transition: React renders in slices and yields to the browser between them,
      // instead of one long task that holds the page (and any input) until the whole screen is built.
      startTransition(() => {
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
      });
    })
    .catch((error: unknown) => {
      root.unmount();
      rootElement.textContent = `サーバーに接続できません。しばらくしてから再度お読み込みください。(${String(error)})`;
    });
}

// A learner opening a practice screen in a browser holding a session sees the screen's frame and start
// card (static texts of the level, no learner data) as soon as the entry and the shell's chunks (all
// the page's HTML names) are here, rather than after the session restore, the subscription check and
// the screen's own code. The rest of the page starts once the shell is painted, so the shell's bytes
// have the network to themselves. The guards still decide what follows: the screen, /login or the
// subscription card.
const shellLevel = routeParams.difficulty;
const withShell = hasSessionHint() && shellLevel !== undefined && SHELL_PATHS.has(matchedRoutes.at(-1)?.fullPath ?? '') && window.location.search === '';
if (withShell) {
  let started = false;
  const startPage = () => {
    if (started) return;
    started = true;
    loadPage(true);
  };
  import('./features/practice/practice-frame')
    .then(({ PracticeShell }) => {
      // As a transition too: React renders the shell in slices rather than one long task.
      startTransition(() => {
        root.render(
          <ChakraProvider value={system}>
            <PracticeShell level={shellLevel} onPainted={startPage} />
          </ChakraProvider>,
        );
      });
    })
    .catch(startPage);
} else {
  loadPage();
}
