import { Button, Text } from '@chakra-ui/react';
import type { RouterOutputs } from '@shunkan/api-router';
import { ACCOUNT_TEXT } from '@shunkan/config/account';
import { notify } from '@shunkan/ui/toaster';
import { useRef, useState } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../billing/confirm-dialog';

type AdminUser = RouterOutputs['admin']['users']['list']['users'][number];

/** The users list's count: where focus goes after a deletion (the row and its 削除 are gone; decision 075). */
export const USERS_TOTAL_ID = 'users-total';

/**
 * The users tab's delete action (decision 059): a confirmation naming the user and what happens, then
 * admin.users.delete (subscription cancelled at once, data and sign-in account deleted).
 */
export function DeleteUserAction({ user }: { user: AdminUser }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const remove = trpc.admin.users.delete.useMutation();
  const deleted = useRef(false);

  async function confirm() {
    try {
      const result = await remove.mutateAsync({ userId: user.id });
      notify({ type: 'success', title: result.message, description: user.email ?? undefined });
      deleted.current = true;
      setOpen(false);
      void utils.admin.users.list.invalidate();
      void utils.admin.stats.invalidate();
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(error, ACCOUNT_TEXT.failed) });
    }
  }

  return (
    <>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setOpen(true)} data-testid="user-delete">
        {ACCOUNT_TEXT.adminDeleteAction}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={ACCOUNT_TEXT.adminDialogTitle}
        confirmLabel={ACCOUNT_TEXT.adminConfirm}
        cancelLabel={ACCOUNT_TEXT.cancel}
        onConfirm={() => void confirm()}
        loading={remove.isPending}
        colorPalette="red"
        finalFocusEl={() => (deleted.current ? document.getElementById(USERS_TOTAL_ID) : null)}
      >
        <Text fontWeight="bold" mb="2" wordBreak="break-all">
          {user.email ?? user.id}
        </Text>
        <Text>{ACCOUNT_TEXT.adminDialogBody}</Text>
      </ConfirmDialog>
    </>
  );
}
