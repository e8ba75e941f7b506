import { HStack, Icon, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';

/** An average rating such as 4.2 after a filled star icon; the star is decorative (a label names the figure). */
export function RatingValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <HStack as="span" gap="1" display="inline-flex" alignItems="center">
      <Icon color="yellow.500" boxSize="0.9em" flexShrink={0}>
        <Star fill="currentColor" aria-hidden />
      </Icon>
      <Text as="span" data-testid={testId}>
        {value}
      </Text>
    </HStack>
  );
}
