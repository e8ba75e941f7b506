import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useKeepFocus } from '../../lib/keep-focus';
import { errorMessage } from '../../lib/trpc';

/** The parts of a query a failed section needs to say so and to ask again. */
export type FailedQuery = { error: unknown; refetch: () => unknown; isFetching: boolean; errorUpdateCount: number; data?: unknown };

/**
 * Whether a section shows its failure: the query failed, or it is asking again after failing. TanStack
 * Query sets a query without data back to pending (error null) while it fetches again, which would swap
 * the failure for the skeleton and drop focus from もう一度読み込む.
 */
export function loadFailed(query: FailedQuery): boolean {
  return Boolean(query.error) || (query.data === undefined && query.isFetching && query.errorUpdateCount > 0);
}

/**
 * A section that could not be loaded (an admin tab, a section of my page): the server's message (or
 * 読み込みに失敗しました。) and もう一度読み込む, which asks again in place for the queries that failed
 * (queries are not retried on their own, spec section 9). The message and the button stay while asking
 * (shown while `loadFailed`); the button is disabled meanwhile, which drops focus, and focus comes back
 * to it when the answer is another failure.
 */
export function LoadError({ query }: { query: FailedQuery | readonly FailedQuery[] }) {
  const queries: readonly FailedQuery[] = Array.isArray(query) ? query : [query as FailedQuery];
  const failed = queries.filter(loadFailed);
  const isFetching = failed.some((q) => q.isFetching);
  const keepFocus = useKeepFocus(isFetching);
  // The failure being asked about again (the query's error is null while it asks).
  const error = failed.find((q) => q.error)?.error ?? null;
  const [lastError, setLastError] = useState<unknown>(error);
  if (error && error !== lastError) setLastError(error);
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="3">
      <Text color="red.600" role="alert">
        {errorMessage(lastError, '読み込みに失敗しました。')}
      </Text>
      <Button variant="outline" size="sm" minH="11" loading={isFetching} onClick={(event) => {
          keepFocus(event.currentTarget);
          for (const q of failed) void q.refetch();
        }}
      >
        もう一度読み込む
      </Button>
    </Stack>
  );
}
