import { TEXT } from '@shunkan/config/texts';
import { FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Navigate } from '@tanstack/react-router';
import { isSessionPending, useAuth } from '../lib/auth';

import type { ActionSearch } from '../lib/search';
import { useOnce } from '../features/auth/use-once';
/**
 * Firebase's e-mail action handler (set the project's action URL to /auth-redirect): recovery links
 * go to /reset-password, verification links to /confirm; otherwise a signed-in user goes home and a
 * guest to the login page.
 */
export function AuthRedirectPage({ search }: { search: ActionSearch }) {
  const { user, initialized } = useAuth();
  if (search.mode === 'resetPassword' && search.oobCode) return <Navigate to="/reset-password" search={search} replace />;
  if ((search.mode === 'verifyEmail' || search.mode === 'signup') && search.oobCode) return <Navigate to="/confirm" search={search} replace />;
  if (search.mode && search.oobCode) return <InvalidLinkRedirect />;
  // Without a session hint the visitor is a guest at once (the SDK is not downloaded): /login, as /login
  // itself would treat this browser.
  if (isSessionPending(initialized)) return <FullPageSpinner />;
  return user ? <Navigate to="/home" replace /> : <Navigate to="/login" replace />;
}

/** An e-mail action this product does not handle: say so once, then go to the login page. */
function InvalidLinkRedirect() {
  useOnce(() => notify({ type: 'error', title: TEXT.callbackInvalid }));
  return <Navigate to="/login" replace />;
}

