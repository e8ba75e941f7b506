import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { loadFirebase, type Firebase } from '../../lib/firebase';
import { getPublicConfig } from '../../lib/public-config';
import { TextField } from './form-parts';

function googleProvider({ GoogleAuthProvider }: Firebase) {
  const provider = new GoogleAuthProvider();
  // Spec: offline access and the consent prompt.
  provider.setCustomParameters({ prompt: 'consent', access_type: 'offline' });
  return provider;
}

/**
 * "Sign in with Google". Against real Firebase: Google's popup. Against the Auth emulator (offline,
 * no Google): the emulator's own Google sign-in, which accepts an account described by its claims;
 * a clearly labelled dialog asks which test Google account to use.
 */
export function GoogleButton(props: { label: string; onSuccess: () => void; onError: (error: unknown) => void }) {
  const config = getPublicConfig();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(signIn: () => Promise<unknown>) {
    setBusy(true);
    try {
      await signIn();
      setOpen(false);
      props.onSuccess();
    } catch (error) {
      props.onError(error);
    } finally {
      setBusy(false);
    }
  }

  if (!config.authEmulatorUrl) {
    return (
      <Button variant="outline" loading={busy} onClick={() => void run(async () => {
        const fb = await loadFirebase();
        return fb.signInWithPopup(fb.auth, googleProvider(fb));
      })}>
        {props.label}
      </Button>
    );
  }

  const emulatorSignIn = () => {
    const address = email.trim().toLowerCase();
    const claims = { sub: `google-${address}`, email: address, email_verified: true, name: address.split('@')[0] };
    return loadFirebase().then((fb) => fb.signInWithCredential(fb.auth, fb.GoogleAuthProvider.credential(JSON.stringify(claims))));
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Dialog.Trigger asChild>
        <Button variant="outline">{props.label}</Button>
      </Dialog.Trigger>
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
              <Button variant="ghost" onClick={() => setOpen(false)}>
                キャンセル
              </Button>
              <Button colorPalette="blue" loading={busy} disabled={!/^[^@\s]+@[^@\s]+$/.test(email.trim())} onClick={() => void run(emulatorSignIn)}>
                続ける
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
