import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { loadFirebase, type Firebase } from '../../lib/firebase';
import { getPublicConfig } from '../../lib/public-config';

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
        return fb.signInWithGooglePopup(fb.auth, googleProvider(fb));
      })}>
        {props.label}
      </Button>
    );
  }

  // The emulator's dialog (and Chakra's dialog machinery) loads when the button is pressed.
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <EmulatorGoogleDialog busy={busy} onClose={() => setOpen(false)} onSignIn={(claims) => void run(() => emulatorSignIn(claims))} />
        </Suspense>
      ) : null}
    </>
  );
}

const EmulatorGoogleDialog = lazy(() => import('./google-emulator-dialog'));

function emulatorSignIn(claims: object) {
  return loadFirebase().then((fb) => fb.signInWithCredential(fb.auth, fb.GoogleAuthProvider.credential(JSON.stringify(claims))));
}
