import { Box, Container, Heading, HStack, Icon, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { LevelKey } from '@shunkan/config/levels';
import { TEXT } from '@shunkan/config/texts';
import { Link } from '@tanstack/react-router';
import { FullPageSpinner } from '@shunkan/ui/components';
import { Target } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { LevelCards } from '../features/practice/level-cards';

// The practice screen and the data layer (~40 KB gzip) load once the guest is about to pick a level.
const loadDemoPractice = () => import('../features/practice/demo-practice');
const DemoPractice = lazy(loadDemoPractice);
const preloadDemoPractice = () => void loadDemoPractice().catch(() => undefined);

export function DemoBanner() {
  return (
    <Box bg="yellow.300" color="yellow.950" py="2" data-testid="demo-banner">
      <Container maxW="4xl">
        <HStack justify="space-between" wrap="wrap">
          <HStack gap="2">
            <Icon boxSize="5">
              <Target aria-hidden />
            </Icon>
            <Text fontWeight="bold">{TEXT.demoBanner}</Text>
          </HStack>
          <ChakraLink asChild fontWeight="bold" textDecoration="underline" minH="11">
            <Link to="/login">{TEXT.demoLoginLink}</Link>
          </ChakraLink>
        </HStack>
      </Container>
    </Box>
  );
}

/** /demo: no account; a guest tries a few problems graded by the built-in evaluator. */
export function DemoPage() {
  const [level, setLevel] = useState<LevelKey | null>(null);
  return (
    <>
      <DemoBanner />
      {level ? (
        <Suspense fallback={<FullPageSpinner />}>
          <DemoPractice key={level} level={level} onBack={() => setLevel(null)} />
        </Suspense>
      ) : (
        <Container maxW="3xl" py="6" onPointerOver={preloadDemoPractice} onFocus={preloadDemoPractice} onTouchStart={preloadDemoPractice}>
          <Stack gap="2" mb="6">
            <Heading as="h1" size="2xl">
              レベルを選んでください
            </Heading>
            <Text color="gray.600">登録なしで1日5問までお試しいただけます。解答は保存されません。</Text>
          </Stack>
          <LevelCards
            onSelect={(next) => {
              console.info('demo level selected', next);
              setLevel(next);
            }}
          />
        </Container>
      )}
    </>
  );
}
