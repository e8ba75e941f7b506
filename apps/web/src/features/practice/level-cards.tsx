import { Card, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { LEVELS, type LevelKey } from '@shunkan/config/levels';
import { LevelIcon } from '../icons/level-icon';

/** The four level cards (spec: TOEIC, middle school, high school, basic verbs) with colour and icon. */
export function LevelCards({ onSelect }: { onSelect: (level: LevelKey) => void }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      {LEVELS.map((level) => (
        <Card.Root
          key={level.key}
          as="button"
          textAlign="left"
          onClick={() => onSelect(level.key)}
          borderTopWidth="4px"
          borderTopColor={`${level.color}.500`}
          _hover={{ boxShadow: 'lg', transform: 'translateY(-2px)' }}
          transition="all 0.15s"
          cursor="pointer"
          data-testid={`level-${level.key}`}
          aria-label={`${level.name}: ${level.description}`}
        >
          <Card.Body gap="2">
            <Icon boxSize="8" color={`${level.color}.600`}>
              <LevelIcon name={level.icon} />
            </Icon>
            <Heading as="h2" size="lg" color={`${level.color}.700`}>
              {level.name}
            </Heading>
            <Text color="gray.600">{level.description}</Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
