import { Box, Text, Wrap } from '@chakra-ui/react';
import type { PracticeResult } from './practice-api';

type DiffToken = PracticeResult['diff'][number];

// A word longer than the card (a pasted string without spaces) breaks instead of widening the page.
const LONG_WORDS_WRAP = { '& > *, & > * > *': { minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' } } as const;

/** The learner's answer word by word against the model answer: kept, wrong, missing, extra. */
export function AnswerDiff({ diff }: { diff: DiffToken[] }) {
  return (
    <Wrap gap="1.5" css={LONG_WORDS_WRAP} data-testid="answer-diff" aria-label="あなたの解答と模範解答の比較">
      {diff.map((token, index) => {
        if (token.op === 'equal') return <Text key={index}>{token.text}</Text>;
        if (token.op === 'delete')
          return (
            <Text key={index} textDecoration="line-through" color="red.700" bg="red.50" px="1" borderRadius="sm" title="不要な語">
              {token.text}
            </Text>
          );
        if (token.op === 'insert')
          return (
            <Text key={index} color="green.700" bg="green.50" px="1" borderRadius="sm" title="不足している語">
              ＋{token.expected}
            </Text>
          );
        return (
          <Box key={index} as="span" display="inline-flex" gap="1" alignItems="baseline">
            <Text textDecoration="line-through" color="red.700" bg="red.50" px="1" borderRadius="sm">
              {token.text}
            </Text>
            <Text color="green.700" bg="green.50" px="1" borderRadius="sm">
              {token.expected}
            </Text>
          </Box>
        );
      })}
    </Wrap>
  );
}
