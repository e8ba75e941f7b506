import { Box, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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

// A tab that could not be loaded: shared with my page's sections.
export { LoadError, loadFailed } from '../layout/load-error';

export function Loading() {
  return <Skeleton height="32" borderRadius="lg" />;
}
