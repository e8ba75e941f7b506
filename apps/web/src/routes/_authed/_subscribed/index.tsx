import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../../pages/home';
import { homeSearch } from '../../../lib/search';

/** `/`: level selection, or the practice screen for `?difficulty=<level>`. */
export const Route = createFileRoute('/_authed/_subscribed/')({
  validateSearch: homeSearch,
  component: function Home() {
    return <HomePage level={Route.useSearch().difficulty} />;
  },
});
