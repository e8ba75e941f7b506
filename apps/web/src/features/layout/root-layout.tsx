import { isPublicPath } from '@shunkan/config/routes';
import { Box } from '@chakra-ui/react';
import { FullPageSpinner } from '@shunkan/ui/components';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { isAuthOnDemandPath, useAuth } from '../../lib/auth';

const DataProvider = lazy(() => import('../../lib/data-provider'));

/** Pages that never call the API: they render without the data layer's download. */
const NO_DATA_PATHS = new Set(['/terms', '/privacy', '/login', '/signup', '/signup-simple', '/simple-login']);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The access guard of spec section 2: public paths shown as they are (those that need the session wait
 * for it), protected paths (including the 404 catch-all) only for a signed-in user, else /login.
 * This is a convenience for the user: every protected call is checked again on the server.
 */
export function RootLayout() {
  const location = useLocation();
  // Once mounted, the data layer stays: while the router loads the next page it still renders the
  // previous one, which may be using it.
  const dataMounted = useRef(false);
  if (!NO_DATA_PATHS.has(normalise(location.pathname))) dataMounted.current = true;
  // Every screen is one <main> landmark; each screen has its own single h1.
  return (
    <Box as="main" minH="100vh">
      {dataMounted.current ? (
        <Suspense fallback={<FullPageSpinner />}>
          <DataProvider>
            <Guard />
          </DataProvider>
        </Suspense>
      ) : (
        <Guard />
      )}
    </Box>
  );
}

function Guard() {
  const { initialized, user, ensureAuth } = useAuth();
  const location = useLocation();
  const onDemand = isAuthOnDemandPath(location.pathname);
  useEffect(() => {
    if (!onDemand) ensureAuth();
  }, [onDemand, ensureAuth]);
  if (onDemand) return <Outlet />;
  if (!initialized) return <FullPageSpinner />;
  if (isPublicPath(location.pathname) || user) return <Outlet />;
  const redirect = location.pathname === '/' ? undefined : location.href;
  return <Navigate to="/login" search={redirect ? { redirect } : {}} replace />;
}
