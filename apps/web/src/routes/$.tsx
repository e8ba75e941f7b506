import { LEGACY_ADMIN_TOOL_PATHS, LEGACY_LOGIN_PATHS } from '@shunkan/config/routes';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { NotFoundPage } from '../features/layout/fallbacks';
import { requireUser } from '../lib/guards';
import { legacySearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Any other path. The spec's developer pages are not product features (DECISIONS.md): each leads to
 * the admin tools (which need an admin) or, for the login-test pages, to /login. Everything else is
 * the 404 page, shown to a signed-in user only (a guest goes to /login).
 */
export const Route = createFileRoute('/$')({
  head: pageTitle('notFound'),
  validateSearch: legacySearch,
  beforeLoad: async ({ context, location, search }) => {
    const path = normalise(location.pathname);
    const tool = Object.hasOwn(LEGACY_ADMIN_TOOL_PATHS, path) ? LEGACY_ADMIN_TOOL_PATHS[path] : undefined;
    // The tool opens with the query it was given (the payment debug tool reads session_id).
    if (tool) throw redirect({ to: '/admin', search: { tab: 'tools', tool, session_id: search.session_id }, replace: true });
    if ((LEGACY_LOGIN_PATHS as readonly string[]).includes(path)) throw redirect({ to: '/login', replace: true });
    await requireUser({ context, location });
  },
  component: NotFoundPage,
});
