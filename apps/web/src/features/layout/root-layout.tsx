import { isPublicPath } from '@shunkan/config/routes';
import { FullPageSpinner } from '@shunkan/ui/components';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';

/**
 * The access guard of spec section 2: a spinner while auth initialises, public paths shown as they
 * are, protected paths (including the 404 catch-all) only for a signed-in user, else /login.
 * This is a convenience for the user: every protected call is checked again on the server.
 */
export function RootLayout() {
  const { initialized, user } = useAuth();
  const location = useLocation();
  if (!initialized) return <FullPageSpinner />;
  if (isPublicPath(location.pathname) || user) return <Outlet />;
  const redirect = location.pathname === '/' ? undefined : location.href;
  return <Navigate to="/login" search={redirect ? { redirect } : {}} replace />;
}
