import { Badge, Box, Button, Card, Heading, HStack, IconButton, List, Stack, Text } from '@chakra-ui/react';
import { APPEAL_TEXT } from '@shunkan/config/appeals';
import { Bookmark, BookmarkCheck, Volume2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/trpc';
import type { AppealView, PracticeResult } from './practice-api';
import { isSpeechAvailable, speak } from '../../lib/speech';
import { AnswerDiff } from './answer-diff';
import { AppealGrades } from './appeal-grades';
import { Stars } from './stars';


const RATING_LABELS: Record<number, string> = {
  5: 'パーフェクト！',
  4: 'よくできました',
  3: 'あと少し',
  2: 'がんばりましょう',
  1: 'もう一度挑戦しましょう',
};

export function ResultCard(props: {
  result: PracticeResult;
  answer: string;
  isBookmarked: boolean;
  /** Absent in the demo (nothing is stored for a guest). */
  onToggleBookmark?: () => void;
  onNext: () => void;
  isNextDisabled?: boolean;
  /** 「この答えも正しいはず」 (members: the attempt is stored). */
  onAppeal?: (attemptId: string) => Promise<AppealView>;
}) {
  const { result } = props;
  const cardRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const gradeId = useId();
  useEffect(() => {
    // Focus goes to 次の問題 (Enter, Enter keeps the instant rhythm), but the view shows the card from
    // its top (or whole, when it fits): focusing the button at the card's foot scrolled the stars and
    // the model answer off screen, on a phone the whole upper half of the card. The button is
    // described by the grade, so a screen reader hears the stars with it.
    nextRef.current?.focus({ preventScroll: true });
    cardRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  // The uncertainty note has its own callout with the appeal button.
  const feedback = result.feedback
    .split('\n')
    .filter((line) => line !== APPEAL_TEXT.uncertaintyNote)
    .join('\n');
  return (
    <Card.Root data-testid="result-card" ref={cardRef} scrollMarginTop="4">
      <Card.Body gap="5">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1" id={gradeId}>
            {result.isLate ? (
              <HStack gap="2">
                <Badge colorPalette="red" data-testid="late-badge">
                  時間切れ
                </Badge>
                {result.durationMs != null ? (
                  <Text fontSize="sm" color="gray.600">
                    回答時間 {(result.durationMs / 1000).toFixed(1)}秒
                  </Text>
                ) : null}
              </HStack>
            ) : null}
            <Stars rating={result.rating} />
            <Text fontWeight="bold" color="gray.700">
              {RATING_LABELS[result.rating]}
            </Text>
          </Stack>
          {props.onToggleBookmark ? (
            <Button variant={props.isBookmarked ? 'solid' : 'outline'} colorPalette="yellow" size="sm" onClick={props.onToggleBookmark} aria-pressed={props.isBookmarked}>
              {props.isBookmarked ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
              {props.isBookmarked ? 'ブックマーク済み' : 'ブックマーク'}
            </Button>
          ) : null}
        </HStack>

        {result.fallbackNotice ? (
          <Text fontSize="sm" color="orange.700" bg="orange.50" p="2" borderRadius="md" data-testid="fallback-notice">
            {result.fallbackNotice}
          </Text>
        ) : null}

        {result.lowConfidence || (props.onAppeal && result.attemptId && result.rating < 5) ? (
          <AppealBox result={result} onAppeal={props.onAppeal} />
        ) : null}

        <Stack gap="2">
          <HStack gap="2">
            <Heading as="h2" size="sm" color="gray.600">
              模範解答
            </Heading>
            {result.isAlternative ? <Badge colorPalette="green">別解</Badge> : null}
          </HStack>
          <HStack gap="2" align="center">
            <Text fontSize="xl" fontWeight="bold" data-testid="model-answer" lang="en">
              {result.modelAnswer}
            </Text>
            <IconButton
              aria-label="模範解答を再生"
              title="模範解答を再生"
              size="sm"
              variant="ghost"
              disabled={!isSpeechAvailable()}
              onClick={() => speak(result.modelAnswer)}
            >
              <Volume2 aria-hidden />
            </IconButton>
          </HStack>
        </Stack>

        <Stack gap="2">
          <Heading as="h2" size="sm" color="gray.600">
            あなたの解答
          </Heading>
          <Box lang="en">
            <AnswerDiff diff={result.diff} answer={props.answer} />
          </Box>
        </Stack>

        {result.errors.length > 0 ? (
          <Stack gap="2">
            <Heading as="h2" size="sm" color="gray.600">
              直すところ
            </Heading>
            <List.Root gap="1" ps="1" listStyle="none">
              {result.errors.map((error, index) => (
                <List.Item key={index}>
                  <HStack align="start" gap="2">
                    <Badge colorPalette="red" flexShrink={0}>
                      {error.label}
                    </Badge>
                    <Text>{error.message}</Text>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        ) : null}

        <Stack gap="2">
          <Heading as="h2" size="sm" color="gray.600">
            フィードバック
          </Heading>
          <Text whiteSpace="pre-wrap" data-testid="feedback">
            {feedback}
          </Text>
          <Text fontSize="sm" color="gray.600">
            文法ポイント: {result.grammarPoint}
          </Text>
        </Stack>

        {result.alternatives.length > 0 ? (
          <Stack gap="1">
            <Heading as="h2" size="sm" color="gray.600">
              ほかの正しい言い方
            </Heading>
            {result.alternatives.map((alternative) => (
              <Text key={alternative} lang="en">
                ・{alternative}
              </Text>
            ))}
          </Stack>
        ) : null}

        {result.similarPhrases.length > 0 ? (
          <Stack gap="1" data-testid="similar-phrases">
            <Heading as="h2" size="sm" color="gray.600">
              類似フレーズ
            </Heading>
            {result.similarPhrases.map((phrase) => (
              <Text key={phrase}>・{phrase}</Text>
            ))}
          </Stack>
        ) : null}

        <Button colorPalette="blue" size="lg" onClick={props.onNext} disabled={props.isNextDisabled} ref={nextRef} aria-describedby={gradeId}>
          次の問題
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** The uncertainty note and 「この答えも正しいはず」: re-checked at once and queued for an admin. */
function AppealBox(props: { result: PracticeResult; onAppeal?: (attemptId: string) => Promise<AppealView> }) {
  const { result, onAppeal } = props;
  const [state, setState] = useState<{ phase: 'idle' } | { phase: 'sending' } | { phase: 'sent'; view: AppealView } | { phase: 'error'; message: string }>({ phase: 'idle' });
  const attemptId = result.attemptId;
  // The status replaces the button that had focus: focus moves to it, not to the page's top, and a
  // screen reader reads it (decision 075).
  const takeFocus = useCallback((element: HTMLDivElement | null) => element?.focus({ preventScroll: true }), []);
  const send = async () => {
    if (!onAppeal || !attemptId) return;
    setState({ phase: 'sending' });
    try {
      setState({ phase: 'sent', view: await onAppeal(attemptId) });
    } catch (error) {
      setState({ phase: 'error', message: errorMessage(error, '送信できませんでした。もう一度お試しください。') });
    }
  };
  return (
    <Stack gap="2" bg="blue.50" p="3" borderRadius="md" data-testid="appeal-box">
      {result.lowConfidence ? (
        <Text fontSize="sm" color="blue.800" data-testid="uncertainty-note">
          {APPEAL_TEXT.uncertaintyNote}
        </Text>
      ) : null}
      {onAppeal && attemptId ? (
        state.phase === 'sent' ? (
          <Stack gap="1" data-testid="appeal-status" role="status" tabIndex={-1} ref={takeFocus}>
            <HStack gap="2">
              <Badge colorPalette={state.view.statusLabel === APPEAL_TEXT.status.accepted ? 'green' : 'blue'}>{state.view.statusLabel}</Badge>
              <Text fontSize="sm">{state.view.message}</Text>
            </HStack>
            {state.view.regraded ? (
              <AppealGrades appeal={state.view} showOriginalDetail={false} />
            ) : state.view.recheckRating !== null ? (
              <HStack gap="2">
                <Text fontSize="sm">再確認の結果:</Text>
                <Stars rating={state.view.recheckRating} size="sm" />
              </HStack>
            ) : null}
          </Stack>
        ) : (
          <HStack gap="3" wrap="wrap">
            <Button size="sm" variant="outline" colorPalette="blue" onClick={() => void send()} loading={state.phase === 'sending'}>
              {APPEAL_TEXT.button}
            </Button>
            {state.phase === 'error' ? (
              <Text fontSize="sm" color="red.600" role="alert">
                {state.message}
              </Text>
            ) : null}
          </HStack>
        )
      ) : null}
    </Stack>
  );
}
