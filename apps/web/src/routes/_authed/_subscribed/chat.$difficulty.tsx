import { createFileRoute } from '@tanstack/react-router';
import { PracticeRoutePage } from '../../../pages/practice';
import { practiceSearch } from '../../../lib/search';
import { practiceTitle } from '../../../lib/page-title';

/** `/chat/{level}`: practice on a level; `?mode=review` reviews, `?scenario=<id>` runs a custom scenario. */
export const Route = createFileRoute('/_authed/_subscribed/chat/$difficulty')({
  head: ({ params }) => ({ meta: [{ title: practiceTitle(params.difficulty) }] }),
  validateSearch: practiceSearch,
  component: function Practice() {
    return <PracticeRoutePage difficulty={Route.useParams().difficulty} search={Route.useSearch()} />;
  },
});
