import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { FALLBACK_TEXT } from '@shunkan/config/fallback-texts';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { CenteredCard } from '@shunkan/ui/components';

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

export function RouteErrorPage({ error }: ErrorComponentProps) {
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
