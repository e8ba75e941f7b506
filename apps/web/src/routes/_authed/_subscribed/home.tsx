import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../../pages/home';
import { homeSearch } from '../../../lib/search';

/** `/home`: the same screen as `/`. */
export const Route = createFileRoute('/_authed/_subscribed/home')({
  validateSearch: homeSearch,
  component: function Home() {
    return <HomePage level={Route.useSearch().difficulty} />;
  },
});
