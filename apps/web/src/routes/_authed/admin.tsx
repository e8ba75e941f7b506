import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../pages/admin';
import { adminAccess } from '../../lib/guards';
import { ServerUnreachable } from '../../features/layout/fallbacks';
import { adminSearch } from '../../lib/search';
import { pageTitle } from '../../lib/page-title';

/** `/admin`: the dashboard for the server's admins, the denial screen for everyone else. */
export const Route = createFileRoute('/_authed/admin')({
  head: pageTitle('admin'),
  validateSearch: adminSearch,
  beforeLoad: adminAccess,
  component: function Admin() {
    const { isAdmin, accessUnreachable, accessFailure } = Route.useRouteContext();
    const search = Route.useSearch();
    if (accessUnreachable) return <ServerUnreachable title="管理者の権限を確認できませんでした" message={accessFailure} />;
    return <AdminPage isAdmin={isAdmin} search={search} />;
  },
});
