import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../pages/signup';
import { redirectSignedIn } from '../lib/guards';

/** `/signup` (public): a visitor already signed in goes home. */
export const Route = createFileRoute('/signup')({
  beforeLoad: redirectSignedIn,
  component: SignupPage,
});
