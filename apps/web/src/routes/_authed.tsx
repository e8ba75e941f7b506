import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../lib/guards';

/** The protected pages (spec section 2): a guest goes to /login, and comes back after signing in. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: requireUser,
});
