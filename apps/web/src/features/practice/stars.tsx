import { HStack, Text } from '@chakra-ui/react';

export function Stars({ rating, size = 'lg' }: { rating: number; size?: 'sm' | 'lg' }) {
  return (
    <HStack gap={size === 'sm' ? '0' : '1'} aria-label={`評価: 5つ星中${rating}つ星`} role="img" data-testid="stars" data-rating={rating}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Text key={n} as="span" fontSize={size === 'sm' ? 'md' : '3xl'} lineHeight="1" color={n <= rating ? 'yellow.400' : 'gray.300'} aria-hidden>
          ★
        </Text>
      ))}
    </HStack>
  );
}
