import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';

/** A screen whose capability has not been built yet says so plainly. */
export function Placeholder({ title, description }: { title: string; description?: string }) {
  return (
    <CenteredCard>
      <Stack align="center" gap="4" textAlign="center">
        <Badge colorPalette="orange" size="lg">
          {TEXT.preparing}
        </Badge>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="gray.600">{description ?? 'この画面は現在準備中です。もうしばらくお待ちください。'}</Text>
        <Button asChild variant="outline">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}
