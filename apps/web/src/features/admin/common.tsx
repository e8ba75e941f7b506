import { Box, Card, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/trpc';

/** Below 600 px the admin tables become cards (issue 10: phone layout). */
export const NARROW = '@media (max-width: 599px)';
export const WIDE = '@media (min-width: 600px)';

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

export function LoadError({ error }: { error: unknown }) {
  return (
    <Text color="red.600" role="alert">
      {errorMessage(error, '読み込みに失敗しました。')}
    </Text>
  );
}

export function Loading() {
  return <Skeleton height="32" borderRadius="lg" />;
}

export type Column<T> = { header: string; cell: (row: T) => ReactNode; textAlign?: 'start' | 'end' };

/**
 * A table from 600 px up and a list of cards below (nothing scrolls sideways or is clipped on a phone).
 * Both are rendered and one is hidden by a media query, so the layout never waits for JavaScript.
 */
export function ResponsiveRows<T>({ rows, columns, keyOf, title, testId, empty }: {
  rows: T[];
  columns: Column<T>[];
  keyOf: (row: T) => string;
  title: (row: T) => ReactNode;
  testId: string;
  empty: string;
}) {
  if (rows.length === 0) {
    return (
      <Text color="gray.600" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return (
    <>
      <Box css={{ [NARROW]: { display: 'none' } }} overflowX="auto" data-testid={`${testId}-table`}>
        <Table.Root size="sm" variant="line">
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header} textAlign={c.textAlign} whiteSpace="nowrap">
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={keyOf(row)} data-testid={`${testId}-row`}>
                {columns.map((c) => (
                  <Table.Cell key={c.header} textAlign={c.textAlign}>
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack gap="3" css={{ [WIDE]: { display: 'none' } }} data-testid={`${testId}-cards`}>
        {rows.map((row) => (
          <Box key={keyOf(row)} borderWidth="1px" borderRadius="md" p="3" bg="white" data-testid={`${testId}-card`}>
            <Text fontWeight="bold" overflowWrap="anywhere" mb="2">
              {title(row)}
            </Text>
            <Stack gap="1">
              {columns.map((c) => (
                <Box key={c.header} display="flex" justifyContent="space-between" gap="3" fontSize="sm">
                  <Text color="gray.600" flexShrink={0}>
                    {c.header}
                  </Text>
                  <Box textAlign="end" minW="0" overflowWrap="anywhere">
                    {c.cell(row)}
                  </Box>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </>
  );
}
