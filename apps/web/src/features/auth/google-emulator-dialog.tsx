import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { TextField } from './form-parts';

const emulatorAccount = z.object({ email: z.string().check(z.trim(), z.regex(/^[^@\s]+@[^@\s]+$/)) });

/** The claims of a test Google account, as the Auth emulator's Google sign-in accepts them. */
function claimsOf(email: string) {
  const address = email.trim().toLowerCase();
  return { sub: `google-${address}`, email: address, email_verified: true, name: address.split('@')[0] };
}

/** Against the Auth emulator (offline, no Google): asks which test Google account to use. */
export default function GoogleEmulatorDialog(props: { busy: boolean; onClose: () => void; onSignIn: (claims: object) => void }) {
  const form = useForm({ resolver: zodResolver(emulatorAccount), defaultValues: { email: '' }, mode: 'onChange' });
  const signIn = form.handleSubmit(({ email }) => props.onSignIn(claimsOf(email)));
  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : props.onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Googleでログイン（エミュレーター）</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="gray.600">
                  開発用のFirebase Auth エミュレーターに接続しています。テスト用のGoogleアカウントのメールアドレスを入力してください。
                </Text>
                <form id="google-emulator-account" onSubmit={(e) => void signIn(e)}>
                  <TextField label="Googleアカウントのメールアドレス" type="email" registration={form.register('email')} autoComplete="email" />
                </form>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={props.onClose}>
                キャンセル
              </Button>
              <Button type="submit" form="google-emulator-account" colorPalette="blue" loading={props.busy} disabled={!form.formState.isValid}>
                続ける
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
