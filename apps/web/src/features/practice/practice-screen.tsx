import { Badge, Box, Button, Card, Heading, HStack, NativeSelect, Spinner, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { findLevel, type LevelKey } from '@shunkan/config/levels';
import { ANSWER_MAX_LENGTH, ANSWER_TEXT, TEXT } from '@shunkan/config/texts';
import { notify } from '@shunkan/ui/toaster';
import { Link } from '@tanstack/react-router';
import { PartyPopper } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useAuth } from '../../lib/auth';
import { KEEP_ABOVE_KEYBOARD_ATTRIBUTE, useKeepAboveKeyboard } from '../../lib/keep-above-keyboard';
import { useKeepFocus } from '../../lib/keep-focus';
import { speak } from '../../lib/speech';
import { isSpeechRecognitionAvailable, listenOnce } from '../../lib/speech-recognition';
import { errorCode, errorMessage } from '../../lib/trpc';
import type { PracticeApi, PracticeMode, PracticeProblem as Problem, PracticeResult as EvaluationResult } from './practice-api';
import { createOpenProblemStore, type OpenProblem } from './open-problem';
import { ResultCard } from './result-card';
import { PracticeFrame, StartIntro } from './practice-frame';

/** Spec section 4: initial, loading, problem, evaluating, result, limit_reached, error. */
type State =
  | { phase: 'initial' }
  | { phase: 'loading' }
  | { phase: 'problem'; problem: Problem; shownAt: number; evaluationError?: string }
  | { phase: 'evaluating'; problem: Problem; shownAt: number }
  | { phase: 'result'; problem: Problem; result: EvaluationResult; isBookmarked: boolean }
  | { phase: 'limit_reached'; message: string }
  | { phase: 'error'; message: string };

type Action =
  | { type: 'start' }
  | { type: 'problem'; problem: Problem; shownAt: number }
  | { type: 'submit' }
  | { type: 'evaluated'; result: EvaluationResult }
  | { type: 'evaluation-failed'; message: string }
  | { type: 'bookmark'; isBookmarked: boolean }
  | { type: 'limit'; message: string }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'start':
      return { phase: 'loading' };
    case 'problem':
      return { phase: 'problem', problem: action.problem, shownAt: action.shownAt };
    case 'submit':
      return state.phase === 'problem' ? { phase: 'evaluating', problem: state.problem, shownAt: state.shownAt } : state;
    case 'evaluated':
      return state.phase === 'evaluating' ? { phase: 'result', problem: state.problem, result: action.result, isBookmarked: false } : state;
    case 'evaluation-failed':
      // The typed answer stays in the box (it lives outside this state); the learner may retry.
      return state.phase === 'evaluating' ? { phase: 'problem', problem: state.problem, shownAt: state.shownAt, evaluationError: action.message } : state;
    case 'bookmark':
      return state.phase === 'result' ? { ...state, isBookmarked: action.isBookmarked } : state;
    case 'limit':
      return { phase: 'limit_reached', message: action.message };
    case 'fail':
      return { phase: 'error', message: action.message };
    case 'reset':
      return { phase: 'initial' };
  }
}

export function PracticeScreen({
  level,
  onBack,
  api,
  isDemo = false,
  mode = { kind: 'practice' },
  lockedFeature = null,
  resumeKey = null,
}: {
  level: LevelKey;
  onBack: () => void;
  api: PracticeApi;
  isDemo?: boolean;
  mode?: PracticeMode;
  /**
   * A premium feature (review, scenarios) the learner's plan does not include: the screen says so and
   * offers the plans and plain practice instead of a start button that could only fail.
   */
  lockedFeature?: string | null;
  /** Keeps the open problem and the typed answer across a reload under this key (open-problem.ts); none in the demo. */
  resumeKey?: string | null;
}) {
  const info = findLevel(level);
  const { isAdmin } = useAuth();
  const [state, dispatch] = useReducer(reducer, { phase: 'initial' });
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const counter = useRef(0);
  const busy = useRef(false);
  /**
   * The id of the answer last sent (decision 064): sending the same answer to the same served problem
   * again (after 評価に失敗しました, when the reply may have been lost after the answer was stored) reuses
   * it, so the server answers with what it stored instead of storing the answer twice.
   */
  const submission = useRef<{ problem: Problem; answer: string; id: string } | null>(null);
  // 回答する is disabled while the answer is graded: after 評価に失敗しました focus goes back to it, not to
  // the page's top (decision 075). After a grade the button is gone and 次の問題 takes focus (decision 056).
  const rememberFocus = useKeepFocus(state.phase === 'evaluating');
  /** 瞬間 timer mode: seconds to answer in (3-10), or null for no limit; chosen by the learner. */
  const [timeLimitSec, setTimeLimitSec] = useState<number | null>(null);
  const openProblem = useMemo(() => (resumeKey ? createOpenProblemStore(resumeKey) : null), [resumeKey]);
  /** The answer a resumed problem had in its box, put back once the box is there. */
  const [draftSeed, setDraftSeed] = useState<{ text: string } | null>(null);

  async function loadProblem(resumed?: OpenProblem) {
    // Duplicate starts are ignored while a request runs (spec section 5).
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'start' });
    try {
      // A resumed problem is asked for with its request id: the server serves it again, uncounted.
      const requestId = resumed?.requestId ?? crypto.randomUUID();
      const problem = await api.next(level, requestId);
      // A resumed problem keeps its 瞬間 limit and the time it was first shown (its clock goes on).
      const timing = resumed ? resumed.timing : timeLimitSec === null ? null : { limitSec: timeLimitSec, shownAt: Date.now() };
      if (resumed) setTimeLimitSec(timing?.limitSec ?? null);
      openProblem?.open(requestId, resumed?.draft ?? '', resumed?.submission ?? null, timing);
      counter.current += 1;
      if (answerRef.current) answerRef.current.value = '';
      submission.current = resumed?.submission ? { problem, ...resumed.submission } : null;
      setDraftSeed(resumed?.draft ? { text: resumed.draft } : null);
      dispatch({ type: 'problem', problem, shownAt: timing?.shownAt ?? Date.now() });
      setTimeout(() => answerRef.current?.focus(), 0);
    } catch (error) {
      if (errorCode(error) === 'TOO_MANY_REQUESTS') dispatch({ type: 'limit', message: errorMessage(error, TEXT.problemFailed) });
      else dispatch({ type: 'fail', message: errorCode(error) === 'FORBIDDEN' ? errorMessage(error, TEXT.problemFailed) : TEXT.problemFailed });
    } finally {
      busy.current = false;
    }
  }

  // A problem left open in this tab (a reload, my page and back) comes back as it was, not the start card.
  const resumeChecked = useRef(false);
  const resume = useEffectEvent((open: OpenProblem) => void loadProblem(open));
  useEffect(() => {
    if (resumeChecked.current || lockedFeature) return;
    resumeChecked.current = true;
    const open = openProblem?.load();
    if (open) resume(open);
  }, [openProblem, lockedFeature]);

  /** 戻る leaves the problem: the next visit starts afresh. */
  function leave() {
    openProblem?.clear();
    onBack();
  }

  async function submit() {
    if (state.phase !== 'problem') return;
    const answer = answerRef.current?.value ?? '';
    if (!answer.trim()) return;
    const last = submission.current;
    const submissionId = last && last.problem === state.problem && last.answer === answer ? last.id : crypto.randomUUID();
    submission.current = { problem: state.problem, answer, id: submissionId };
    openProblem?.saveSubmission({ answer, id: submissionId });
    rememberFocus();
    dispatch({ type: 'submit' });
    try {
      const result = await api.evaluate(state.problem, answer, Date.now() - state.shownAt, timeLimitSec === null ? null : timeLimitSec * 1000, submissionId);
      dispatch({ type: 'evaluated', result });
      openProblem?.clear();
      speak(result.modelAnswer);
    } catch (error) {
      const message = errorCode(error) === 'BAD_REQUEST' ? errorMessage(error, TEXT.evaluationFailed) : TEXT.evaluationFailed;
      notify({ type: 'error', title: TEXT.evaluationFailed });
      dispatch({ type: 'evaluation-failed', message });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter submits, Shift+Enter is a newline; never while a Japanese IME is composing.
    if (event.key !== 'Enter' || event.shiftKey) return;
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void submit();
  }

  async function toggleBookmark() {
    if (state.phase !== 'result' || !api.setBookmark || !state.result.attemptId) return;
    const next = !state.isBookmarked;
    try {
      await api.setBookmark(state.result.attemptId, next);
      dispatch({ type: 'bookmark', isBookmarked: next });
      notify({ type: 'success', title: next ? 'ブックマークしました' : 'ブックマークを外しました' });
    } catch (error) {
      notify({ type: 'error', title: 'エラー', description: errorMessage(error, 'ブックマークに失敗しました') });
    }
  }

  const showInput = state.phase === 'problem' || state.phase === 'evaluating' || state.phase === 'result';
  const problem = 'problem' in state ? state.problem : null;

  return (
    <PracticeFrame
      level={level}
      onBack={leave}
      badges={
        <>
          {mode.kind === 'review' ? (
            <Badge colorPalette="purple" size="lg" data-testid="review-mode">
              復習モード
            </Badge>
          ) : null}
          {mode.kind === 'scenario' ? (
            <Badge colorPalette="teal" size="lg" data-testid="scenario-mode">
              シナリオ練習
            </Badge>
          ) : null}
          {timeLimitSec !== null ? (
            <Badge colorPalette="orange" size="lg">
              瞬間 {timeLimitSec}秒
            </Badge>
          ) : null}
          {counter.current > 0 ? (
            <Text fontWeight="bold" data-testid="problem-counter">
              第{counter.current}問
            </Text>
          ) : null}
        </>
      }
      aside={
        <>
          {api.quotaText ? (
            <Text fontSize="sm" color="gray.600" data-testid="remaining-today">
              {api.quotaText}
            </Text>
          ) : null}
          {isAdmin && !isDemo ? (
            <Button asChild size="sm" variant="outline" colorPalette="purple">
              <Link to="/admin">管理者</Link>
            </Button>
          ) : null}
          {isDemo ? null : (
            <Button asChild size="sm" variant="outline">
              <Link to="/my-page">マイページ</Link>
            </Button>
          )}
        </>
      }
    >
      {state.phase === 'initial' ? (
        <Card.Root>
          <Card.Body gap="4" alignItems="center" textAlign="center" py="10">
            <StartIntro
              level={level}
              description={
                mode.kind === 'review'
                  ? '復習の時期の問題から出題します。終わったら、このレベルの新しい問題が続きます。'
                  : mode.kind === 'scenario'
                    ? 'あなたのシナリオに合った問題で練習します。'
                    : info.description
              }
            />
            {lockedFeature ? (
              <Stack gap="3" align="center" bg="purple.50" borderRadius="lg" p="4" data-testid="premium-locked">
                <Text color="purple.900">{lockedFeature}はプレミアムプランでご利用いただけます。</Text>
                <HStack gap="2" wrap="wrap" justify="center">
                  <Button asChild colorPalette="purple">
                    <Link to="/subscription-select">プランを見る</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/practice/$difficulty" params={{ difficulty: level }}>
                      {info.name}を練習する
                    </Link>
                  </Button>
                </HStack>
              </Stack>
            ) : (
              <>
                {isDemo ? null : <TimerSelect value={timeLimitSec} onChange={setTimeLimitSec} />}
                <Button colorPalette="blue" size="lg" onClick={() => void loadProblem()}>
                  練習を始める
                </Button>
              </>
            )}
          </Card.Body>
        </Card.Root>
      ) : null}

      {state.phase === 'loading' ? (
        <Card.Root>
          <Card.Body alignItems="center" py="12" gap="3">
            <Spinner size="lg" />
            <Text>問題を準備中...</Text>
          </Card.Body>
        </Card.Root>
      ) : null}

      {showInput && problem ? (
        <Stack gap="4">
          <Card.Root>
            <Card.Body gap="4">
              <HStack gap="2" wrap="wrap">
                <Text fontSize="sm" color="gray.500">
                  次の日本語を英語にしてください
                </Text>
                {problem.isReview ? (
                  <Badge colorPalette="purple" data-testid="review-badge">
                    復習{problem.dueCount !== undefined ? `（残り${Math.max(0, problem.dueCount - 1)}問）` : ''}
                  </Badge>
                ) : null}
              </HStack>
              {problem.notice ? (
                <Text fontSize="sm" color="teal.800" bg="teal.50" p="2" borderRadius="md" data-testid="scenario-notice">
                  {problem.notice}
                </Text>
              ) : null}
              <Text fontSize="2xl" fontWeight="bold" data-testid="japanese-sentence" lang="ja">
                {problem.japaneseSentence}
              </Text>
              {timeLimitSec !== null && (state.phase === 'problem' || state.phase === 'evaluating') ? (
                <Countdown key={state.shownAt} startedAt={state.shownAt} limitMs={timeLimitSec * 1000} isRunning={state.phase === 'problem'} />
              ) : null}
              <AnswerBox
                answerRef={answerRef}
                onKeyDown={onKeyDown}
                disabled={state.phase !== 'problem'}
                onSubmit={() => void submit()}
                isEvaluating={state.phase === 'evaluating'}
                hideSubmit={state.phase === 'result'}
                draftSeed={draftSeed}
                onDraft={(text) => openProblem?.saveDraft(text)}
              />
              {state.phase === 'problem' && state.evaluationError ? (
                <Text color="red.600" role="alert">
                  {state.evaluationError} もう一度お試しください。
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
          {state.phase === 'result' ? (
            <ResultCard
              result={state.result}
              answer={answerRef.current?.value ?? ''}
              isBookmarked={state.isBookmarked}
              onToggleBookmark={api.setBookmark ? () => void toggleBookmark() : undefined}
              onAppeal={api.appeal}
              onNext={() => void loadProblem()}
            />
          ) : null}
        </Stack>
      ) : null}

      {state.phase === 'limit_reached' ? (
        <Card.Root>
          <Card.Body gap="4" textAlign="center" py="10" role="alert">
            <Heading as="h2" size="lg">
              <HStack as="span" display="inline-flex" gap="2" justify="center">
                <PartyPopper aria-hidden />
                今日の学習は完了です
              </HStack>
            </Heading>
            <Text>{state.message}</Text>
            <HStack justify="center">
              {/* 次の問題, which had focus, is gone (decision 075). */}
              <Button variant="outline" onClick={leave} autoFocus>
                レベル選択に戻る
              </Button>
              <Button asChild colorPalette="blue">
                {isDemo ? <Link to="/signup">無料で登録する</Link> : <Link to="/my-page">マイページ</Link>}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : null}

      {state.phase === 'error' ? (
        <Card.Root>
          <Card.Body gap="4" textAlign="center" py="10" role="alert">
            <Text color="red.600" fontWeight="bold">
              {state.message}
            </Text>
            <HStack justify="center">
              {/* 練習を始める or 次の問題, which had focus, is gone: the keyboard starts here (decision 075). */}
              <Button colorPalette="blue" onClick={() => dispatch({ type: 'reset' })} autoFocus>
                最初から
              </Button>
              <Button variant="outline" onClick={leave}>
                戻る
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : null}
    </PracticeFrame>
  );
}

/**
 * The answer box is uncontrolled so that nothing (re-render, failed request, state change) can wipe
 * what the learner typed; the submit button tracks blank input through a small state of its own.
 */
function AnswerBox(props: {
  answerRef: React.RefObject<HTMLTextAreaElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSubmit: () => void;
  disabled: boolean;
  isEvaluating: boolean;
  hideSubmit: boolean;
  /** A resumed problem's typed answer, put back in the box. */
  draftSeed?: { text: string } | null;
  /** Every change of the box, kept for a reload (open-problem.ts). */
  onDraft?: (text: string) => void;
}) {
  const [isBlank, setIsBlank] = useReducer((_: boolean, next: boolean) => next, true);
  // The box stops at the length the server grades; at the limit it says so instead of cutting silently.
  const [atLimit, setAtLimit] = useState(false);
  const { answerRef, draftSeed } = props;
  useEffect(() => {
    const box = answerRef.current;
    if (!draftSeed || !box) return;
    box.value = draftSeed.text.slice(0, ANSWER_MAX_LENGTH);
    setIsBlank(box.value.trim() === '');
    setAtLimit(box.value.length >= ANSWER_MAX_LENGTH);
  }, [answerRef, draftSeed]);
  const [isListening, setIsListening] = useState(false);
  const [voiceError, setVoiceError] = useState<string | null>(null);
  const listening = useRef<ReturnType<typeof listenOnce> | null>(null);
  const canUseVoice = isSpeechRecognitionAvailable();
  // Sending the answer (the box turns read-only) or leaving the screen turns the microphone off, and
  // what it would still hear is dropped: a late transcript must not replace the answer that was graded.
  const abortListening = useEffectEvent(() => {
    const session = listening.current;
    if (!session) return;
    listening.current = null;
    session.abort();
    setIsListening(false);
  });
  useEffect(() => {
    if (props.disabled) abortListening();
  }, [props.disabled]);
  useEffect(() => () => abortListening(), []);
  // The box and 回答する stay above a phone's on-screen keyboard.
  const areaRef = useRef<HTMLDivElement>(null);
  useKeepAboveKeyboard(areaRef);

  async function answerByVoice() {
    if (listening.current) {
      listening.current.stop();
      return;
    }
    setVoiceError(null);
    setIsListening(true);
    const session = listenOnce();
    listening.current = session;
    try {
      const transcript = await session.result;
      if (listening.current !== session) return;
      const box = props.answerRef.current;
      if (transcript && box) {
        // The transcript lands in the box, where the learner may correct it before sending.
        box.value = transcript.slice(0, ANSWER_MAX_LENGTH);
        props.onDraft?.(box.value);
        setIsBlank(false);
        box.focus();
      } else if (!transcript) {
        setVoiceError('音声が聞き取れませんでした。もう一度お試しください。');
      }
    } catch (error) {
      if (listening.current !== session) return;
      setVoiceError(error instanceof Error ? error.message : '音声入力に失敗しました。');
    } finally {
      if (listening.current === session) {
        listening.current = null;
        setIsListening(false);
      }
    }
  }

  return (
    <Stack gap="3" ref={areaRef} data-testid="answer-area" {...{ [KEEP_ABOVE_KEYBOARD_ATTRIBUTE]: true }}>
      <Textarea
        ref={props.answerRef}
        placeholder="英語で入力してください"
        rows={3}
        autoComplete="off"
        autoCapitalize="sentences"
        spellCheck={false}
        lang="en"
        readOnly={props.disabled}
        onKeyDown={props.onKeyDown}
        onChange={(e) => {
          props.onDraft?.(e.target.value);
          setIsBlank(e.target.value.trim() === '');
          setAtLimit(e.target.value.length >= ANSWER_MAX_LENGTH);
        }}
        maxLength={ANSWER_MAX_LENGTH}
        aria-label="英訳を入力"
        aria-describedby={atLimit ? 'answer-limit' : undefined}
        fontSize="lg"
        bg="white"
      />
      {props.hideSubmit ? null : (
        <HStack gap="2">
          {canUseVoice ? (
            <Button variant="outline" colorPalette={isListening ? 'red' : 'gray'} onClick={() => void answerByVoice()} disabled={props.disabled} aria-pressed={isListening}>
              {isListening ? '聞き取り中（タップで終了）' : '音声で答える'}
            </Button>
          ) : null}
          <Button flex="1" colorPalette="blue" onClick={props.onSubmit} disabled={props.disabled || isBlank} loading={props.isEvaluating} loadingText="評価中...">
            回答する
          </Button>
        </HStack>
      )}
      {atLimit ? (
        <Text id="answer-limit" color="red.600" fontSize="sm" role="status">
          {ANSWER_TEXT.tooLong}
        </Text>
      ) : null}
      {voiceError ? (
        <Text color="red.600" fontSize="sm" role="alert">
          {voiceError}
        </Text>
      ) : null}
    </Stack>
  );
}

const TIMER_CHOICES = [3, 4, 5, 6, 7, 8, 9, 10];

/** 瞬間 mode: the learner chooses how many seconds they have per problem (or no limit). */
function TimerSelect({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  return (
    <HStack gap="2" justify="center" wrap="wrap">
      <Text fontSize="sm" color="gray.700">
        瞬間モード（制限時間）
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
          aria-label="制限時間"
          bg="white"
        >
          <option value="">なし</option>
          {TIMER_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}秒
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator aria-hidden />
      </NativeSelect.Root>
    </HStack>
  );
}

const TIME_UP = '時間切れ（回答は採点されます）';

/** The time left to answer; past the limit the answer is still graded, marked 時間切れ. */
function Countdown({ startedAt, limitMs, isRunning }: { startedAt: number; limitMs: number; isRunning: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [isRunning]);
  const leftMs = Math.max(0, limitMs - (now - startedAt));
  const isOver = leftMs === 0;
  return (
    <Box data-testid="time-left" data-over={isOver} role="timer" aria-live="off">
      <HStack justify="space-between" mb="1">
        <Text fontSize="sm" fontWeight="bold" color={isOver ? 'red.600' : 'orange.700'}>
          {isOver ? TIME_UP : `残り ${(leftMs / 1000).toFixed(1)}秒`}
        </Text>
      </HStack>
      <Box h="1.5" bg="gray.100" borderRadius="full" overflow="hidden">
        <Box h="full" bg={isOver ? 'red.400' : 'orange.400'} width={`${(leftMs / limitMs) * 100}%`} />
      </Box>
      {/* The tenths above are not read out (aria-live off: ten changes a second); the end of the time is. */}
      <VisuallyHidden aria-live="assertive" data-testid="time-up-announcement">
        {isOver ? TIME_UP : ''}
      </VisuallyHidden>
    </Box>
  );
}
