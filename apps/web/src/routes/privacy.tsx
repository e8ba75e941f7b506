import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/legal/privacy-page';
import { pageTitle } from '../lib/page-title';

/** `/privacy`: the privacy policy (public). */
export const Route = createFileRoute('/privacy')({
  head: pageTitle('privacy'),
  component: PrivacyPage,
});
