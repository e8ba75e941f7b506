import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth';
import { hasSessionHint } from '../../lib/firebase';

/**
 * A visitor who opens /login or /signup already signed in goes home. Decided once, on the session this
 * browser held when the page opened (the SDK then loads at once: lib/auth.tsx): a sign-in made on the
 * page itself follows the page's own flow (verification check, redirect parameter).
 */
export function useSignedInRedirect(): void {
  const { initialized, user } = useAuth();
  const navigate = useNavigate();
  const heldSession = useRef<boolean | null>(null);
  heldSession.current ??= hasSessionHint();
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !heldSession.current || !initialized) return;
    decided.current = true;
    if (user?.emailVerified) void navigate({ to: '/', replace: true });
  }, [initialized, user, navigate]);
}
