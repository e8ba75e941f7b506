import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { FALLBACK_TEXT } from '@shunkan/config/fallback-texts';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { CenteredCard } from '@shunkan/ui/components';
import { isChunkLoadError } from '../../lib/stale-build';

export function NotFoundPage() {
  return (
    <CenteredCard>
      <Stack align="center" gap="4">
        <Heading as="h1" size="2xl">
          {FALLBACK_TEXT.notFound}
        </Heading>
        <Text color="gray.600">お探しのページは見つかりませんでした。</Text>
        <Button asChild colorPalette="blue">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

/**
 * What could not be had from the server (the server restarting, the network gone), said in Japanese,
 * with a retry that runs the route's loading again in place: reloading would show the browser's error
 * page while the server is away (decision 061). `message`: what the server (or a proxy) answered
 * instead, e.g. 「サーバーでエラーが発生しました。…」 for a 500; without it, that it could not connect.
 */
export function ServerUnreachable({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  const router = useRouter();
  return (
    <CenteredCard>
      <Stack align="center" gap="4" role="alert" textAlign="center" data-testid="server-unreachable">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="gray.600">{message ?? 'サーバーに接続できませんでした。通信環境を確認して、もう一度お試しください。'}</Text>
        <Button
          colorPalette="blue"
          onClick={() => {
            onRetry?.();
            void router.invalidate();
          }}
        >
          もう一度読み込む
        </Button>
        <Button asChild variant="outline">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  // A page whose code could not be fetched; a chunk missing after a deploy reloads the page instead
  // (lib/stale-build.ts).
  // This page replaces the root layout, so it brings the main landmark itself.
  if (isChunkLoadError(error))
    return (
      <Box as="main">
        <ServerUnreachable title="ページを読み込めませんでした" onRetry={reset} />
      </Box>
    );
  const text = error instanceof Error ? error.message : String(error);
  return (
    <Box p="8" role="alert">
      <Heading as="h1" size="xl" mb="4">
        {FALLBACK_TEXT.unexpectedError}
      </Heading>
      <Code whiteSpace="pre-wrap" display="block" p="3">
        {text}
      </Code>
      <Button mt="6" onClick={() => window.location.assign('/')}>
        ホームに戻る
      </Button>
    </Box>
  );
}
