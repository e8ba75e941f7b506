import { createFileRoute } from '@tanstack/react-router';
import { DemoPage } from '../pages/demo';
import { pageTitle } from '../lib/page-title';

/** `/demo`: practice without an account (public). */
export const Route = createFileRoute('/demo')({
  head: pageTitle('demo'),
  component: DemoPage,
});
