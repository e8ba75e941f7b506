import { createFileRoute } from '@tanstack/react-router';
import { DemoPage } from '../pages/demo';

/** `/demo`: practice without an account (public). */
export const Route = createFileRoute('/demo')({
  component: DemoPage,
});
