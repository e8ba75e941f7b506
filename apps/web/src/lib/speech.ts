/** Spec section 9: en-US, rate 0.8, pitch 1, volume 1, a local English voice preferred. */
export function isSpeechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

export function pickEnglishVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const english = voices.filter((v) => v.lang.toLowerCase().startsWith('en'));
  return (
    english.find((v) => v.localService && v.lang === 'en-US') ??
    english.find((v) => v.lang === 'en-US') ??
    english.find((v) => v.localService) ??
    english[0] ??
    null
  );
}

/**
 * Chrome fills the voice list asynchronously (empty on the first call): the list is read at load and
 * again on `voiceschanged`, so the first model answer is already read by a local English voice.
 */
let knownVoices: SpeechSynthesisVoice[] = [];
if (isSpeechAvailable()) {
  const refresh = () => {
    knownVoices = window.speechSynthesis.getVoices();
  };
  refresh();
  window.speechSynthesis.addEventListener('voiceschanged', refresh);
}

export function speak(text: string): boolean {
  if (!isSpeechAvailable() || !text.trim()) return false;
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'en-US';
  utterance.rate = 0.8;
  utterance.pitch = 1;
  utterance.volume = 1;
  const voice = pickEnglishVoice(knownVoices.length > 0 ? knownVoices : synth.getVoices());
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
  return true;
}
