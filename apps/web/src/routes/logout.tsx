import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../pages/logout';

/** `/logout`: signs out, clears storage, goes to /login. */
export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});
