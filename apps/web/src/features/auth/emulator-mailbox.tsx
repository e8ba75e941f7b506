import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { getPublicConfig } from '../../lib/public-config';

type OobCode = { email: string; oobCode: string; requestType: string };

/**
 * Local development only (Auth emulator, no real e-mail): shows the newest verification or reset
 * link the emulator "sent" to this address. Never rendered against real Firebase.
 */
export function EmulatorMailbox({ email, kind }: { email: string; kind: 'VERIFY_EMAIL' | 'PASSWORD_RESET' }) {
  const config = getPublicConfig();
  const [link, setLink] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  if (!config.authEmulatorUrl) return null;

  async function open() {
    const response = await fetch(`${config.authEmulatorUrl}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`);
    const body = (await response.json()) as { oobCodes?: OobCode[] };
    const codes = (body.oobCodes ?? []).filter((c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === kind);
    const latest = codes.at(-1);
    setChecked(true);
    if (!latest) return setLink(null);
    const target = kind === 'VERIFY_EMAIL' ? '/confirm' : '/reset-password';
    const mode = kind === 'VERIFY_EMAIL' ? 'verifyEmail' : 'resetPassword';
    setLink(`${target}?mode=${mode}&oobCode=${encodeURIComponent(latest.oobCode)}`);
  }

  return (
    <Stack gap="2" borderWidth="1px" borderStyle="dashed" borderColor="orange.300" bg="orange.50" p="3" borderRadius="md" data-testid="emulator-mailbox">
      <Text fontSize="sm" color="orange.800">
        開発用メールボックス（Firebase Auth エミュレーター）: 実際のメールは送信されません。
      </Text>
      <Button size="sm" variant="outline" colorPalette="orange" onClick={() => void open()}>
        届いたメールのリンクを表示
      </Button>
      {link ? (
        // A standalone link: a 44 px tap target on a phone, like the other ones (decision 035).
        <ChakraLink href={link} color="blue.600" fontWeight="bold" minH="11" data-testid="emulator-mail-link">
          {kind === 'VERIFY_EMAIL' ? 'メールアドレスを確認する' : 'パスワードを再設定する'}
        </ChakraLink>
      ) : checked ? (
        <Text fontSize="sm">まだメールはありません。</Text>
      ) : null}
    </Stack>
  );
}
