import { Badge, Box, Button, Card, Container, Heading, HStack, Icon, Text } from '@chakra-ui/react';
import { findLevel, isLevelKey, type LevelKey } from '@shunkan/config/levels';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { LevelIcon } from '../icons/level-icon';

/**
 * The practice screen's frame: the header row (back, the level as the screen's one h1, the mode's
 * badges; on the right the day's quota and the links) above the screen's cards. Shared by the screen
 * (practice-screen.tsx) and its first paint (PracticeShell), which must lay out alike.
 */
export function PracticeFrame(props: { level: LevelKey; onBack?: () => void; badges?: ReactNode; aside: ReactNode; children: ReactNode }) {
  const info = findLevel(props.level);
  return (
    <Container maxW="3xl" py="6">
      <HStack justify="space-between" mb="4" wrap="wrap" gap="2">
        <HStack gap="3" wrap="wrap">
          <Button variant="ghost" onClick={props.onBack}>
            <ArrowLeft aria-hidden />
            戻る
          </Button>
          {/* The screen's one h1: the level being practised, in every phase. */}
          <Heading as="h1" size="sm" display="flex">
            <Badge colorPalette={info.color} size="lg">
              <LevelIcon name={info.icon} />
              {info.name}
            </Badge>
          </Heading>
          {props.badges}
        </HStack>
        {/* On a phone this group has a line of its own from the start: the day's quota arriving after
            the first render would otherwise wrap it there and push the card down (layout shift). */}
        <HStack gap="2" w={{ base: 'full', sm: 'auto' }} justify="flex-end">
          {props.aside}
        </HStack>
      </HStack>
      {props.children}
    </Container>
  );
}

/** The start card's introduction: the level and what the session will be. */
export function StartIntro({ level, description }: { level: LevelKey; description: string }) {
  const info = findLevel(level);
  return (
    <>
      <Icon boxSize="12" color={`${info.color}.600`}>
        <LevelIcon name={info.icon} />
      </Icon>
      <Text fontSize="2xl" fontWeight="bold">
        {info.name}
      </Text>
      <Text color="gray.600">{description}</Text>
      <Text fontSize="sm" color="gray.600">
        日本語の文を見て、すぐに英語で書いてみましょう。Enterで回答、Shift+Enterで改行できます。
      </Text>
    </>
  );
}

/**
 * The first paint of a signed-in learner's practice screen (main.tsx), while the session restores and
 * the guards run: the frame and the start card's introduction, static texts of the level only (no
 * learner data), inert. `onPainted` runs once it is on screen (main.tsx then loads the page). The
 * screen itself replaces it once the guards have let the learner in; a visitor they turn away goes to
 * /login or the subscription card instead.
 */
export function PracticeShell({ level, onPainted }: { level: string; onPainted: () => void }) {
  useEffect(() => {
    // After the frame that shows the shell (a hidden tab paints nothing and runs no animation frame).
    if (document.visibilityState === 'hidden') return onPainted();
    requestAnimationFrame(() => setTimeout(onPainted, 0));
  }, [onPainted]);
  if (!isLevelKey(level)) return null;
  return (
    <Box as="main" minH="100vh" inert aria-busy>
      <PracticeFrame
        level={level}
        aside={
          <Button asChild size="sm" variant="outline">
            <a href="/my-page">マイページ</a>
          </Button>
        }
      >
        <Card.Root>
          <Card.Body gap="4" alignItems="center" textAlign="center" py="10">
            <StartIntro level={level} description={findLevel(level).description} />
          </Card.Body>
        </Card.Root>
      </PracticeFrame>
    </Box>
  );
}
