import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SubscriptionRequired } from '../../features/billing/subscription-guard';
import { subscriptionAccess } from '../../lib/guards';

/** The practice screens: admins and learners with an active subscription or trial; others see why not. */
export const Route = createFileRoute('/_authed/_subscribed')({
  beforeLoad: subscriptionAccess,
  component: SubscribedLayout,
});

function SubscribedLayout() {
  const { hasAccess } = Route.useRouteContext();
  return hasAccess ? <Outlet /> : <SubscriptionRequired />;
}
