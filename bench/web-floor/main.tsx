// The reference of bench/web.ts: a Vite + React + Chakra UI v3 hello page, same versions as apps/web.
import { Button, ChakraProvider, defaultSystem, Heading, Stack, Text } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(
  <ChakraProvider value={defaultSystem}>
    <Stack p="8" gap="4">
      <Heading>Hello</Heading>
      <Text>Vite + React + Chakra UI</Text>
      <Button colorPalette="blue">OK</Button>
    </Stack>
  </ChakraProvider>,
);
