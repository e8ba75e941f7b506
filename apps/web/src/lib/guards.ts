/**
 * The route guards of spec section 2, run by the router before a route loads (`beforeLoad`) with the
 * auth state from the router context. They are a convenience for the user: every protected call is
 * checked again on the server, and the admin role comes from the server's record, never the browser.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from './session';

type GuardArgs = { context: RouterContext; location: ParsedLocation };

/** A guest opening a protected path goes to /login, which brings them back after signing in. */
export async function requireUser({ context, location }: GuardArgs) {
  const user = await context.auth.currentUser();
  if (!user) {
    throw redirect({ to: '/login', search: location.pathname === '/' ? {} : { redirect: location.href }, replace: true });
  }
  return { user };
}

/** /login and /signup: a visitor whose browser holds a verified session goes home. */
export async function redirectSignedIn({ context }: GuardArgs) {
  // Without a session hint the SDK is not downloaded: a guest's login page costs no Firebase bytes.
  if (!context.auth.hasSessionHint()) return;
  const user = await context.auth.currentUser();
  if (user?.emailVerified) throw redirect({ to: '/', replace: true });
}

/** Practice screens: admins and learners with an active subscription or trial (else the subscription card). */
export async function subscriptionAccess({ context }: GuardArgs) {
  const access = await context.auth.access();
  return { hasAccess: access.isAdmin || access.hasAccess, accessUnreachable: access.unreachable === true, accessFailure: access.failure };
}

/** /admin: the server's admin role (else the denial screen). */
export async function adminAccess({ context }: GuardArgs) {
  const access = await context.auth.access();
  return { isAdmin: access.isAdmin, accessUnreachable: access.unreachable === true, accessFailure: access.failure };
}
