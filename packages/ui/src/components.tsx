import { Box, Center, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FullPageSpinner({ label = '読み込み中...' }: { label?: string }) {
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="xl" color="blue.500" />
        <Text color="gray.600" fontSize="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A centred card used by the auth and status screens. */
export function CenteredCard({ title, children, maxW = 'md' }: { title?: ReactNode; children: ReactNode; maxW?: string }) {
  return (
    <Container maxW={maxW} py={{ base: 8, md: 16 }}>
      <Box bg="white" borderRadius="xl" boxShadow="md" p={{ base: 6, md: 8 }}>
        {title ? (
          <Heading as="h1" size="xl" mb="6" textAlign="center">
            {title}
          </Heading>
        ) : null}
        {children}
      </Box>
    </Container>
  );
}

export function Brand() {
  return (
    <Heading as="p" size="md" color="blue.600" letterSpacing="tight">
      瞬間英作文 Shunkan
    </Heading>
  );
}
