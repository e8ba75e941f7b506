import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../../pages/home';
import { homeSearch } from '../../../lib/search';
import { pageTitle, practiceTitle } from '../../../lib/page-title';

/** `/`: level selection, or the practice screen for `?difficulty=<level>`. */
export const Route = createFileRoute('/_authed/_subscribed/')({
  // `?difficulty=<level>` shows the practice screen, named as such.
  head: ({ match }) => (match.search.difficulty ? { meta: [{ title: practiceTitle(match.search.difficulty) }] } : pageTitle('home')()),
  validateSearch: homeSearch,
  component: function Home() {
    return <HomePage level={Route.useSearch().difficulty} />;
  },
});
