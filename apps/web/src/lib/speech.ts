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

export function speak(text: string): boolean {
  if (!isSpeechAvailable() || !text.trim()) return false;
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'en-US';
  utterance.rate = 0.8;
  utterance.pitch = 1;
  utterance.volume = 1;
  const voice = pickEnglishVoice(synth.getVoices());
  if (voice) utterance.voice = voice;
  synth.speak(utterance);
  return true;
}
