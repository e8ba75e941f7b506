import { Box, Button, Dialog, Heading, List, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_TEXT, deleteAccountForm, deleteAccountFormWithoutPassword } from '@shunkan/config/account';
import { notify } from '@shunkan/ui/toaster';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authErrorMessage, firebaseCode } from '../../lib/auth-errors';
import { loadFirebase, signOutHere } from '../../lib/firebase';
import { useKeepFocus } from '../../lib/keep-focus';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormAlert } from '../auth/form-alert';
import { NO_VALIDATE, TextField } from '../auth/form-parts';

/** Re-authentication: a fresh sign-in (the server asks for one within 5 minutes, decision 059). */
async function reauthenticate(password: string): Promise<void> {
  const fb = await loadFirebase();
  const user = fb.auth.currentUser;
  if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/user-token-expired' });
  if (hasPassword(user.providerData)) {
    await fb.reauthenticateWithCredential(user, fb.EmailAuthProvider.credential(user.email ?? '', password));
  } else {
    await fb.reauthenticateWithGooglePopup(user, new fb.GoogleAuthProvider());
  }
  // The token the API calls carry from now on: issued by this sign-in, so its auth_time is now.
  await user.getIdToken(true);
}

function hasPassword(providers: ReadonlyArray<{ providerId: string }>): boolean {
  return providers.length === 0 || providers.some((p) => p.providerId === 'password');
}

function reauthMessage(error: unknown): string {
  const code = firebaseCode(error);
  if (code === 'auth/invalid-credential' || code === 'auth/wrong-password' || code === 'auth/missing-password') return ACCOUNT_TEXT.wrongPassword;
  if (code === 'auth/too-many-requests' || code === 'auth/network-request-failed' || code === 'auth/popup-closed-by-user') return authErrorMessage(error, ACCOUNT_TEXT.reauthFailed);
  return ACCOUNT_TEXT.reauthFailed;
}

/** The confirmation dialog: what happens, the password, the typed confirmation; then sign-out and /login. */
function DeleteAccountDialog({ open, onOpenChange, usesPassword }: { open: boolean; onOpenChange: (open: boolean) => void; usesPassword: boolean }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // 削除する is disabled while it works: a refusal (a wrong password) gives focus back to it, inside
  // the dialog, instead of to the page behind it (decision 065).
  const rememberFocus = useKeepFocus(busy);
  const deleteAccount = trpc.account.delete.useMutation();
  const form = useForm({ resolver: zodResolver(usesPassword ? deleteAccountForm : deleteAccountFormWithoutPassword), defaultValues: { password: '', confirmation: '' } });
  const errors = form.formState.errors;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      form.reset();
      setError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async ({ password, confirmation }) => {
    setError(null);
    rememberFocus();
    setBusy(true);
    try {
      try {
        await reauthenticate(password);
      } catch (reauthError) {
        setError(reauthMessage(reauthError));
        return;
      }
      try {
        await deleteAccount.mutateAsync({ confirmation });
      } catch (callError) {
        setError(errorMessage(callError, ACCOUNT_TEXT.failed));
        return;
      }
      // The account is gone: end the local session as the logout page does, then the login page.
      try {
        const fb = await loadFirebase();
        await signOutHere(fb);
      } finally {
        localStorage.clear();
        sessionStorage.clear();
      }
      notify({ type: 'success', title: ACCOUNT_TEXT.deleted, description: ACCOUNT_TEXT.loginNotice });
      await navigate({ to: '/login', replace: true });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={(e) => close(e.open)} role="alertdialog" placement="center" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="delete-account-dialog">
            <Stack as="form" gap="0" onSubmit={onSubmit} {...NO_VALIDATE}>
              <Dialog.Header>
                <Dialog.Title>{ACCOUNT_TEXT.dialogTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description asChild>
                    <List.Root gap="2" ps="5" fontSize="sm">
                      <List.Item>{ACCOUNT_TEXT.dialogSubscription}</List.Item>
                      <List.Item>{ACCOUNT_TEXT.dialogPaidPeriod}</List.Item>
                      <List.Item>{ACCOUNT_TEXT.dialogRecord}</List.Item>
                      <List.Item>{ACCOUNT_TEXT.dialogReceipts}</List.Item>
                      <List.Item fontWeight="bold">{ACCOUNT_TEXT.dialogIrreversible}</List.Item>
                    </List.Root>
                  </Dialog.Description>
                  {error ? <FormAlert status="error" title={error} /> : null}
                  {usesPassword ? (
                    <TextField
                      label={ACCOUNT_TEXT.passwordLabel}
                      type="password"
                      autoComplete="current-password"
                      registration={form.register('password')}
                      error={errors.password?.message}
                    />
                  ) : (
                    <Text fontSize="sm">{ACCOUNT_TEXT.googleReauthNote}</Text>
                  )}
                  <TextField
                    label={ACCOUNT_TEXT.confirmationLabel}
                    autoComplete="off"
                    placeholder={ACCOUNT_DELETE_CONFIRMATION}
                    registration={form.register('confirmation')}
                    error={errors.confirmation?.message}
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button variant="outline" minH="11" onClick={() => close(false)} disabled={busy}>
                  {ACCOUNT_TEXT.cancel}
                </Button>
                <Button type="submit" colorPalette="red" minH="11" loading={busy} loadingText={ACCOUNT_TEXT.deleting}>
                  {usesPassword ? ACCOUNT_TEXT.confirm : ACCOUNT_TEXT.googleReauth}
                </Button>
              </Dialog.Footer>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** My page's danger zone, set apart from the other sections: deleting the account. */
export function DeleteAccountSection({ providers }: { providers: ReadonlyArray<{ providerId: string }> }) {
  const [open, setOpen] = useState(false);
  return (
    <Box
      as="section"
      aria-labelledby="delete-account-title"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="red.300"
      p={{ base: 4, md: 6 }}
      mt="6"
      data-testid="delete-account-section"
    >
      <Heading as="h2" size="lg" mb="2" color="red.700" id="delete-account-title">
        {ACCOUNT_TEXT.sectionTitle}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="4">
        {ACCOUNT_TEXT.sectionLead}
      </Text>
      <Button colorPalette="red" variant="solid" minH="11" onClick={() => setOpen(true)}>
        {ACCOUNT_TEXT.deleteButton}
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} usesPassword={hasPassword(providers)} />
    </Box>
  );
}
