import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/legal/terms-page';
import { pageTitle } from '../lib/page-title';

/** `/terms`: the terms of use (public). */
export const Route = createFileRoute('/terms')({
  head: pageTitle('terms'),
  component: TermsPage,
});
