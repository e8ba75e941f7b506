import { createFileRoute } from '@tanstack/react-router';
import { MyPage } from '../../pages/my-page';
import { myPageSearch } from '../../lib/search';

/** `/my-page`: the learning record, plan and account. */
export const Route = createFileRoute('/_authed/my-page')({
  validateSearch: myPageSearch,
  component: function MyPageRoute() {
    return <MyPage portal={Route.useSearch().portal} />;
  },
});
