import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth';

/**
 * A visitor who opens /login or /signup already signed in goes home. Decided once, on the session
 * found when the page opened (or when the SDK first reports it): a sign-in made on the page itself
 * follows the page's own flow (verification check, redirect parameter).
 */
export function useSignedInRedirect(): void {
  const { initialized, user } = useAuth();
  const navigate = useNavigate();
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !initialized) return;
    decided.current = true;
    if (user?.emailVerified) void navigate({ to: '/', replace: true });
  }, [initialized, user, navigate]);
}
