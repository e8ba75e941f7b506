import { HStack, Icon } from '@chakra-ui/react';
import { Star } from 'lucide-react';

export function Stars({ rating, size = 'lg' }: { rating: number; size?: 'sm' | 'lg' }) {
  return (
    <HStack gap={size === 'sm' ? '0' : '1'} aria-label={`評価: 5つ星中${rating}つ星`} role="img" data-testid="stars" data-rating={rating}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} boxSize={size === 'sm' ? '4' : '8'} color={n <= rating ? 'yellow.400' : 'gray.300'}>
          <Star fill="currentColor" strokeWidth={1.5} aria-hidden />
        </Icon>
      ))}
    </HStack>
  );
}
