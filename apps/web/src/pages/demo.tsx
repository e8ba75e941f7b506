import { Box, Container, Heading, HStack, Icon, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { LevelKey } from '@shunkan/config/levels';
import { TEXT } from '@shunkan/config/texts';
import { Link } from '@tanstack/react-router';
import { Target } from 'lucide-react';
import { useState } from 'react';
import { LevelCards } from '../features/practice/level-cards';
import { useDemoPracticeApi } from '../features/practice/practice-api';
import { PracticeScreen } from '../features/practice/practice-screen';

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

function DemoPractice({ level, onBack }: { level: LevelKey; onBack: () => void }) {
  const api = useDemoPracticeApi();
  return <PracticeScreen level={level} onBack={onBack} api={api} isDemo />;
}

/** /demo: no account; a guest tries a few problems graded by the built-in evaluator. */
export function DemoPage() {
  const [level, setLevel] = useState<LevelKey | null>(null);
  return (
    <>
      <DemoBanner />
      {level ? (
        <DemoPractice key={level} level={level} onBack={() => setLevel(null)} />
      ) : (
        <Container maxW="3xl" py="6">
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
