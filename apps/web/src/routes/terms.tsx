import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/legal/legal-document';

/** `/terms`: the terms of use (public). */
export const Route = createFileRoute('/terms')({
  component: TermsPage,
});
