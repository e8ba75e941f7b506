import { Box, Text, Wrap } from '@chakra-ui/react';
import { isWhollyDifferent, type DiffToken } from './diff-overlap';

// A word longer than the card (a pasted string without spaces) breaks instead of widening the page.
const LONG_WORDS_WRAP = { '& > *, & > * > *': { minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' } } as const;

/**
 * The learner's answer word by word against the model answer: kept, wrong, missing, extra; or, when the
 * two have little in common (`isWhollyDifferent`), the answer as written with a short note.
 */
export function AnswerDiff({ diff, answer }: { diff: DiffToken[]; answer: string }) {
  if (diff.length === 0 || isWhollyDifferent(diff))
    return (
      <Box data-testid="answer-plain">
        <Text css={LONG_WORDS_WRAP['& > *, & > * > *']}>{answer}</Text>
        {diff.length > 0 ? (
          <Text fontSize="sm" color="gray.600" mt="1" lang="ja">
            模範解答と大きく異なるため、語ごとの比較は表示していません。
          </Text>
        ) : null}
      </Box>
    );
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
