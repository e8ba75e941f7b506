/**
 * Spoken answers through the browser's speech recognition (Chrome and Safari expose it, often
 * prefixed; Firefox does not). Where it does not exist, callers hide the button.
 */
type RecognitionResultEvent = { results: ArrayLike<ArrayLike<{ transcript: string }>> };
type RecognitionErrorEvent = { error: string };

export type Recognition = {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
};

type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function isSpeechRecognitionAvailable(): boolean {
  return recognitionConstructor() !== null;
}

/** Japanese messages for the recognition errors a learner can do something about. */
const ERROR_MESSAGES: Record<string, string> = {
  'not-allowed': 'マイクの使用が許可されていません。ブラウザの設定を確認してください。',
  'service-not-allowed': 'マイクの使用が許可されていません。ブラウザの設定を確認してください。',
  'no-speech': '音声が聞き取れませんでした。もう一度お試しください。',
  'audio-capture': 'マイクが見つかりません。',
  network: '音声認識サービスに接続できませんでした。',
};

/**
 * Listens for one English (en-US) utterance. Resolves with the transcript (empty when nothing was
 * heard); rejects with a Japanese message. `stop()` ends listening early and keeps what was heard;
 * `abort()` turns the microphone off and discards it (the answer was sent, the screen left).
 */
export function listenOnce(): { result: Promise<string>; stop: () => void; abort: () => void } {
  const Constructor = recognitionConstructor();
  if (!Constructor) return { result: Promise.reject(new Error('音声入力はこのブラウザでは使えません。')), stop: () => {}, abort: () => {} };
  const recognition = new Constructor();
  recognition.lang = 'en-US';
  recognition.interimResults = false;
  recognition.maxAlternatives = 1;
  recognition.continuous = false;
  const result = new Promise<string>((resolve, reject) => {
    let transcript = '';
    recognition.onresult = (event) => {
      transcript = Array.from(event.results)
        .map((alternatives) => alternatives[0]?.transcript ?? '')
        .join(' ')
        .trim();
    };
    recognition.onerror = (event) => {
      if (event.error === 'aborted') return;
      reject(new Error(ERROR_MESSAGES[event.error] ?? '音声入力に失敗しました。'));
    };
    recognition.onend = () => resolve(transcript);
  });
  recognition.start();
  return { result, stop: () => recognition.stop(), abort: () => recognition.abort() };
}
