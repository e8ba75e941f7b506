import { Box } from '@chakra-ui/react';
import { FullPageSpinner } from '@shunkan/ui/components';
import { Outlet, useLocation, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { isAuthOnDemandPath, useAuth } from '../../lib/auth';
import type * as DataProviderModule from '../../lib/data-provider';
import { hasSessionHint } from '../../lib/firebase';
import { needsDataLayer } from '../../lib/route-needs';

const LazyDataProvider = lazy(loadDataProvider);

let loadedDataProvider: typeof DataProviderModule | null = null;

/**
 * The data layer's chunk; main.tsx starts it before the first render on pages that need it, which then
 * render it at once (React.lazy would suspend once even for a loaded module, and React holds a
 * Suspense boundary's content back for 300 ms after showing its fallback).
 */
export function loadDataProvider(): Promise<typeof DataProviderModule> {
  return import('../../lib/data-provider').then((module) => (loadedDataProvider = module));
}


/**
 * Each route's document title: the deepest matched route's `head` title (lib/page-title.ts). The
 * router computes every match's `head` itself; this sets only the title from it, which is all the app's
 * heads give, instead of `<HeadContent />` and its tag renderer (about 1.5 KB gzip in every page's entry).
 */
function DocumentTitle(): null {
  const title = useRouterState({
    select: (state) => {
      for (let i = state.matches.length - 1; i >= 0; i--) {
        const found = state.matches[i]?.meta?.find((tag) => tag?.title)?.title;
        if (found) return found;
      }
      return undefined;
    },
  });
  useLayoutEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/**
 * On a touch screen, every field's label, message and submit button stay above the on-screen keyboard
 * (lib/keep-above-keyboard.ts, decision 087). Its code loads only there: a desktop raises no keyboard,
 * and the entry every page loads stays without it.
 */
function useKeepFieldsAboveKeyboard(): void {
  useEffect(() => {
    if (!window.matchMedia?.('(pointer: coarse)').matches) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    // A chunk that cannot be loaded (offline) leaves the page as the browser scrolls it.
    import('../../lib/keep-above-keyboard').then(
      ({ keepFieldsAboveKeyboard }) => {
        if (!unmounted) stop = keepFieldsAboveKeyboard();
      },
      () => undefined,
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
}

/**
 * Every page's frame. The access rules of spec section 2 are the routes' guards (lib/guards.ts,
 * `beforeLoad`); this layout mounts the data layer for pages that call the API and, on pages that need
 * the session, waits until the auth state has it.
 */
export function RootLayout() {
  const location = useLocation();
  const { user } = useAuth();
  // Once mounted, the data layer stays: while the router loads the next page it still renders the
  // previous one, which may be using it.
  const dataMounted = useRef(false);
  // Every field's label, message and submit button stay above a phone's on-screen keyboard.
  useKeepFieldsAboveKeyboard();
  if (needsDataLayer(location.pathname, Boolean(user) || hasSessionHint())) dataMounted.current = true;
  // Every screen is one <main> landmark; each screen has its own single h1.
  return (
    <Box as="main" minH="100vh">
      <DocumentTitle />
      {dataMounted.current && loadedDataProvider ? (
        <loadedDataProvider.default>
          <SessionGate />
        </loadedDataProvider.default>
      ) : dataMounted.current ? (
        <Suspense fallback={<FullPageSpinner />}>
          <LazyDataProvider>
            <SessionGate />
          </LazyDataProvider>
        </Suspense>
      ) : (
        <SessionGate />
      )}
    </Box>
  );
}

function SessionGate() {
  const { initialized, user, ensureAuth } = useAuth();
  const location = useLocation();
  const router = useRouter();
  const onDemand = isAuthOnDemandPath(location.pathname);
  useEffect(() => {
    if (!onDemand) ensureAuth();
  }, [onDemand, ensureAuth]);
  // Signed out (here, in another tab, or the session expired): the guards run again, so a protected
  // page sends the visitor to /login.
  const signedIn = useRef(Boolean(user));
  useEffect(() => {
    if (signedIn.current && !user) void router.invalidate();
    signedIn.current = Boolean(user);
  }, [user, router]);
  if (!onDemand && !initialized) return <FullPageSpinner />;
  return <Outlet />;
}
