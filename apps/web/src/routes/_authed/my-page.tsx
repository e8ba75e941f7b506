import { createFileRoute } from '@tanstack/react-router';
import { MyPage } from '../../pages/my-page';
import { myPageSearch } from '../../lib/search';
import { pageTitle } from '../../lib/page-title';

/** `/my-page`: the learning record, plan and account. */
export const Route = createFileRoute('/_authed/my-page')({
  head: pageTitle('myPage'),
  validateSearch: myPageSearch,
  component: function MyPageRoute() {
    return <MyPage portal={Route.useSearch().portal} />;
  },
});
