import { createFileRoute } from '@tanstack/react-router';
import { SimpleSignupPage } from '../pages/signup-simple';
import { pageTitle } from '../lib/page-title';

/** `/signup-simple`: the spec's simple signup (public). */
export const Route = createFileRoute('/signup-simple')({
  head: pageTitle('signupSimple'),
  component: SimpleSignupPage,
});
