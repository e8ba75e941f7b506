import { Box } from '@chakra-ui/react';
import { FullPageSpinner } from '@shunkan/ui/components';
import { HeadContent, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { isAuthOnDemandPath, useAuth } from '../../lib/auth';
import type * as DataProviderModule from '../../lib/data-provider';
import { hasSessionHint } from '../../lib/firebase';
import { useKeepFieldsAboveKeyboard } from '../../lib/keep-above-keyboard';
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
      {/* Each route's document title (its `head`, lib/page-title.ts); React puts the <title> in <head>. */}
      <HeadContent />
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
