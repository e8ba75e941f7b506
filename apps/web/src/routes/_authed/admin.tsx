import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../pages/admin';
import { adminAccess } from '../../lib/guards';
import { adminSearch } from '../../lib/search';

/** `/admin`: the dashboard for the server's admins, the denial screen for everyone else. */
export const Route = createFileRoute('/_authed/admin')({
  validateSearch: adminSearch,
  beforeLoad: adminAccess,
  component: function Admin() {
    return <AdminPage isAdmin={Route.useRouteContext().isAdmin} search={Route.useSearch()} />;
  },
});
