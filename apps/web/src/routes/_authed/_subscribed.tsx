import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SubscriptionRequired } from '../../features/billing/subscription-guard';
import { ServerUnreachable } from '../../features/layout/fallbacks';
import { subscriptionAccess } from '../../lib/guards';

/** The practice screens: admins and learners with an active subscription or trial; others see why not. */
export const Route = createFileRoute('/_authed/_subscribed')({
  beforeLoad: subscriptionAccess,
  component: SubscribedLayout,
});

function SubscribedLayout() {
  const { hasAccess, accessUnreachable, accessFailure } = Route.useRouteContext();
  if (accessUnreachable) return <ServerUnreachable title="ご契約状況を確認できませんでした" message={accessFailure} />;
  return hasAccess ? <Outlet /> : <SubscriptionRequired />;
}
