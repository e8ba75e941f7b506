import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../pages/signup';
import { redirectSignedIn } from '../lib/guards';
import { pageTitle } from '../lib/page-title';

/** `/signup` (public): a visitor already signed in goes home. */
export const Route = createFileRoute('/signup')({
  head: pageTitle('signup'),
  beforeLoad: redirectSignedIn,
  component: SignupPage,
});
