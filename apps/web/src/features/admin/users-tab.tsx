import { Badge, Button, Code, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { ADMIN_TEXT, ADMIN_USERS_PAGE_SIZE } from '@shunkan/config/admin';
import { notify } from '@shunkan/ui/toaster';
import { useEffect, useState } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { useAuth } from '../../lib/auth';
import { LoadError, loadFailed, Loading, ResponsiveRows, Section } from './common';
import { keepPageOf, Pager } from './pager';
import { DeleteUserAction, USERS_TOTAL_ID } from './delete-user-action';
import { formatDate, formatDateTime, STATUS_LABEL } from './format';
import { useSearchForm } from './search-form';

type AdminUser = RouterOutputs['admin']['users']['list']['users'][number];

/** Spec section 7: after a plan change, the user list and one's own subscription are refreshed after 100 ms. */
const REFRESH_DELAY_MS = 100;

export function UsersTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The page shown stays while the next loads (the pager keeps its place and focus).
  const users = trpc.admin.users.list.useQuery({ search: search || undefined, page, pageSize: ADMIN_USERS_PAGE_SIZE }, { placeholderData: keepPageOf({ search: search || undefined }) });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  const searchForm = useSearchForm((query) => {
    setPage(1);
    setSearch(query);
  });

  return (
    <Stack gap="6">
      <Section title="ユーザー一覧">
        <Stack as="form" direction={{ base: 'column', sm: 'row' }} gap="2" onSubmit={searchForm.submit} role="search">
          <Input
            {...searchForm.input}
            placeholder="メールアドレスで検索"
            aria-label="メールアドレスで検索"
            maxLength={200}
            bg="white"
          />
          <Button type="submit" flexShrink={0}>
            検索
          </Button>
        </Stack>
        {loadFailed(users) ? <LoadError query={users} /> : null}
        {!users.data && !loadFailed(users) ? <Loading /> : null}
        {users.data ? (
          <>
            <Text fontSize="sm" color="gray.600" data-testid="users-total" id={USERS_TOTAL_ID} tabIndex={-1}>
              {users.data.total}人中 {users.data.total === 0 ? 0 : (page - 1) * users.data.pageSize + 1}〜{Math.min(page * users.data.pageSize, users.data.total)}人
            </Text>
            <ResponsiveRows
              rows={users.data.users}
              keyOf={(u) => u.id}
              title={(u) => u.email ?? u.id}
              testId="user"
              empty="該当するユーザーはいません。"
              columns={[
                { header: 'メールアドレス', cell: (u) => <UserEmail user={u} /> },
                { header: 'プラン', cell: (u) => <PlanSwitch user={u} /> },
                { header: '状態', cell: (u) => STATUS_LABEL[u.subscriptionStatus] ?? u.subscriptionStatus },
                { header: 'トライアル終了', cell: (u) => formatDate(u.trialEndsAt) },
                { header: '今月の問題数', cell: (u) => `${u.problemsThisMonth}問`, textAlign: 'end' },
                { header: '最終利用', cell: (u) => formatDateTime(u.lastActiveAt) },
                { header: '操作', cell: (u) => <UserActions user={u} /> },
              ]}
            />
            <Pager label={`${page} / ${pages}`} hasPrevious={page > 1} hasNext={page < pages} onPrevious={() => setPage((p) => p - 1)} onNext={() => setPage((p) => p + 1)} />
          </>
        ) : null}
      </Section>
    </Stack>
  );
}

function UserEmail({ user }: { user: AdminUser }) {
  return (
    <HStack gap="2" flexWrap="wrap" justify={{ base: 'flex-end', sm: 'flex-start' }}>
      <Text as="span" overflowWrap="anywhere">
        {user.email ?? '—'}
      </Text>
      {user.isAdmin ? <Badge colorPalette="purple">管理者</Badge> : null}
      {user.provider === 'admin' ? <Badge colorPalette="gray">管理者付与</Badge> : null}
    </HStack>
  );
}

/** The spec's per-user switch: checked means premium. */
function PlanSwitch({ user }: { user: AdminUser }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.setSubscriptionType.useMutation();
  const [checked, setChecked] = useState(user.subscriptionType === 'premium');
  useEffect(() => setChecked(user.subscriptionType === 'premium'), [user.subscriptionType]);

  async function toggle(next: boolean) {
    setChecked(next);
    try {
      await mutation.mutateAsync({ userId: user.id, subscriptionType: next ? 'premium' : 'standard' });
      notify({ type: 'success', title: ADMIN_TEXT.updateDone, description: `${user.email ?? ''}: ${next ? 'プレミアム' : 'スタンダード'}` });
      setTimeout(() => {
        void utils.admin.users.list.invalidate();
        void utils.subscription.current.invalidate();
      }, REFRESH_DELAY_MS);
    } catch {
      setChecked(!next);
      notify({ type: 'error', title: 'エラー', description: ADMIN_TEXT.subscriptionUpdateFailed });
    }
  }

  return (
    <Switch.Root
      checked={checked}
      disabled={mutation.isPending}
      onCheckedChange={(e) => void toggle(e.checked)}
      colorPalette="purple"
      size="sm"
      data-testid="plan-switch"
    >
      <Switch.HiddenInput aria-label={`${user.email ?? user.id}をプレミアムにする`} />
      <Switch.Control />
      <Switch.Label whiteSpace="nowrap">{checked ? 'プレミアム' : user.subscriptionType ? 'スタンダード' : 'スタンダード（未契約）'}</Switch.Label>
    </Switch.Root>
  );
}

function UserActions({ user }: { user: AdminUser }) {
  const utils = trpc.useUtils();
  const me = useAuth().user;
  const isMe = Boolean(me?.email && me.email.toLowerCase() === user.email);
  const setAdmin = trpc.admin.users.setAdmin.useMutation();
  const reset = trpc.admin.passwordResetLink.useMutation();
  const [link, setLink] = useState<string | null>(null);

  async function toggleAdmin() {
    try {
      await setAdmin.mutateAsync({ userId: user.id, isAdmin: !user.isAdmin });
      notify({ type: 'success', title: ADMIN_TEXT.updateDone, description: user.isAdmin ? '管理者権限を外しました' : '管理者権限を付与しました' });
      void utils.admin.users.list.invalidate();
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(error, '権限の変更に失敗しました') });
    }
  }

  async function issueReset() {
    if (!user.email) return;
    try {
      const result = await reset.mutateAsync({ email: user.email });
      if (!result.success || !result.solution) {
        notify({ type: 'error', title: 'エラー', description: result.error ?? 'リンクを発行できませんでした' });
        return;
      }
      setLink(`${window.location.origin}${result.solution.resetPath}`);
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(error, 'リンクを発行できませんでした') });
    }
  }

  return (
    <Stack gap="2" align={{ base: 'flex-end', sm: 'flex-start' }}>
      <HStack gap="2" flexWrap="wrap" justify={{ base: 'flex-end', sm: 'flex-start' }}>
        <Button size="xs" variant="outline" onClick={() => void toggleAdmin()} loading={setAdmin.isPending}>
          {user.isAdmin ? '管理者を外す' : '管理者にする'}
        </Button>
        <Button size="xs" variant="outline" onClick={() => void issueReset()} loading={reset.isPending} disabled={!user.email}>
          再設定リンク
        </Button>
        {/* One's own account is not deleted from here (the server refuses it too). */}
        {isMe ? null : <DeleteUserAction user={user} />}
      </HStack>
      {link ? (
        <Stack gap="1" maxW="xs">
          <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="user-reset-link">
            {link}
          </Code>
          <Button size="xs" variant="ghost" onClick={() => void navigator.clipboard.writeText(link).then(() => notify({ type: 'success', title: ADMIN_TEXT.copied }))}>
            コピー
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
