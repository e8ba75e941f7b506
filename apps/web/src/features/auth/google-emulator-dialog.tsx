import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TextField } from './form-parts';

/** The claims of a test Google account, as the Auth emulator's Google sign-in accepts them. */
function claimsOf(email: string) {
  const address = email.trim().toLowerCase();
  return { sub: `google-${address}`, email: address, email_verified: true, name: address.split('@')[0] };
}

/** Against the Auth emulator (offline, no Google): asks which test Google account to use. */
export default function GoogleEmulatorDialog(props: { busy: boolean; onClose: () => void; onSignIn: (claims: object) => void }) {
  const [email, setEmail] = useState('');
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
                <TextField label="Googleアカウントのメールアドレス" type="email" value={email} onChange={setEmail} autoComplete="email" />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={props.onClose}>
                キャンセル
              </Button>
              <Button colorPalette="blue" loading={props.busy} disabled={!/^[^@\s]+@[^@\s]+$/.test(email.trim())} onClick={() => props.onSignIn(claimsOf(email))}>
                続ける
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
