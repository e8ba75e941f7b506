import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/legal/legal-document';

/** `/privacy`: the privacy policy (public). */
export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});
