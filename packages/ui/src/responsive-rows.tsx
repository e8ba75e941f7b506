import { Box, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Below 600 px tables become cards (issue 11: phone layout). */
export const NARROW = '@media (max-width: 599px)';
export const WIDE = '@media (min-width: 600px)';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  textAlign?: 'start' | 'end';
  /** false: a table column only (the card's title already says it). */
  inCard?: boolean;
};

/**
 * A table from 600 px up and a list of cards below (nothing scrolls sideways or is clipped on a phone).
 * Both are rendered and one is hidden by a media query, so the layout never waits for JavaScript.
 * Test ids: `{testId}-table` / `{testId}-cards` on the two forms, `{testId}-row` / `{testId}-card` on
 * each row unless `rowTestId` names the table's rows.
 */
export function ResponsiveRows<T>({ rows, columns, keyOf, title, testId, empty, rowTestId }: {
  rows: T[];
  columns: Column<T>[];
  keyOf: (row: T) => string;
  title: (row: T) => ReactNode;
  testId: string;
  empty: string;
  rowTestId?: (row: T) => string;
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
              <Table.Row key={keyOf(row)} data-testid={rowTestId ? rowTestId(row) : `${testId}-row`}>
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
            <Box fontWeight="bold" overflowWrap="anywhere" mb="2">
              {title(row)}
            </Box>
            <Stack gap="1">
              {columns.filter((c) => c.inCard !== false).map((c) => (
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
