import { createFileRoute } from '@tanstack/react-router';
import { SimpleSignupPage } from '../pages/signup-simple';

/** `/signup-simple`: the spec's simple signup (public). */
export const Route = createFileRoute('/signup-simple')({
  component: SimpleSignupPage,
});
