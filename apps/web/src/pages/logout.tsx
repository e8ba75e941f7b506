import { TEXT } from '@shunkan/config/texts';
import { FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { loadFirebase, signOutHere } from '../lib/firebase';

export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const fb = await loadFirebase();
        await signOutHere(fb);
        notify({ type: 'success', title: TEXT.logoutDoneTitle, description: TEXT.logoutDoneBody });
      } catch {
        notify({ type: 'error', title: TEXT.logoutError });
      } finally {
        // Spec: storage is cleared and the user lands on /login even when sign-out fails, so nothing of
        // the session stays behind on a shared computer.
        localStorage.clear();
        sessionStorage.clear();
        await navigate({ to: '/login', replace: true });
      }
    })();
  }, [navigate]);
  return <FullPageSpinner label={TEXT.logoutInProgress} />;
}
