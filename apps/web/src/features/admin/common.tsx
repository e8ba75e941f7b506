import { Box, Button, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useKeepFocus } from '../../lib/keep-focus';
import { errorMessage } from '../../lib/trpc';

// Below 600 px tables become cards: the shared component lives in packages/ui.
export { ResponsiveRows, type Column } from '@shunkan/ui/responsive-rows';

export function StatTile({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId: string }) {
  return (
    <Box bg="white" borderWidth="1px" borderRadius="lg" p="4" minW="0" data-testid={testId}>
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={`${testId}-value`} overflowWrap="anywhere">
        {value}
      </Text>
      {note ? (
        <Text fontSize="xs" color="gray.600">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {actions}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The parts of a query a failed section needs to say so and to ask again. */
type FailedQuery = { error: unknown; refetch: () => unknown; isFetching: boolean; errorUpdateCount: number; data?: unknown };

/**
 * Whether a section shows its failure: the query failed, or it is asking again after failing. TanStack
 * Query sets a query without data back to pending (error null) while it fetches again, which would swap
 * the failure for the skeleton and drop focus from もう一度読み込む.
 */
export function loadFailed(query: FailedQuery): boolean {
  return Boolean(query.error) || (query.data === undefined && query.isFetching && query.errorUpdateCount > 0);
}

/**
 * A section that could not be loaded: the server's message (or 読み込みに失敗しました。) and
 * もう一度読み込む, which asks again in place (queries are not retried on their own, spec section 9).
 * The message and the button stay while asking (shown while `loadFailed`); the button is disabled
 * meanwhile, which drops focus, and focus comes back to it when the answer is another failure.
 */
export function LoadError({ query }: { query: FailedQuery }) {
  const keepFocus = useKeepFocus(query.isFetching);
  // The failure being asked about again (the query's error is null while it asks).
  const [lastError, setLastError] = useState<unknown>(query.error);
  if (query.error && query.error !== lastError) setLastError(query.error);
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="3">
      <Text color="red.600" role="alert">
        {errorMessage(lastError, '読み込みに失敗しました。')}
      </Text>
      <Button variant="outline" size="sm" minH="11" loading={query.isFetching} onClick={(event) => {
          keepFocus(event.currentTarget);
          void query.refetch();
        }}
      >
        もう一度読み込む
      </Button>
    </Stack>
  );
}

export function Loading() {
  return <Skeleton height="32" borderRadius="lg" />;
}
