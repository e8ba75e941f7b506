import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../pages/logout';
import { pageTitle } from '../lib/page-title';

/** `/logout`: signs out, clears storage, goes to /login. */
export const Route = createFileRoute('/logout')({
  head: pageTitle('logout'),
  component: LogoutPage,
});
