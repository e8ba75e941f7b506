import { describe, expect, it, vi } from 'vitest';
import { pickEnglishVoice } from './speech';

const voice = (name: string, lang: string, localService: boolean) => ({ name, lang, localService }) as SpeechSynthesisVoice;

describe('pickEnglishVoice', () => {
  it('prefers a local en-US voice, then any en-US, then any local English voice', () => {
    const remoteUs = voice('Remote US', 'en-US', false);
    const localUs = voice('Local US', 'en-US', true);
    const localGb = voice('Local GB', 'en-GB', true);
    const japanese = voice('Kyoko', 'ja-JP', true);
    expect(pickEnglishVoice([japanese, remoteUs, localGb, localUs])?.name).toBe('Local US');
    expect(pickEnglishVoice([japanese, remoteUs, localGb])?.name).toBe('Remote US');
    expect(pickEnglishVoice([japanese, localGb])?.name).toBe('Local GB');
    expect(pickEnglishVoice([japanese])).toBeNull();
  });
});

describe('speak', () => {
  it('reads en-US at rate 0.8, pitch 1, volume 1 with the local English voice that arrives late', async () => {
    const spoken: SpeechSynthesisUtterance[] = [];
    const listeners: Array<() => void> = [];
    let voices: SpeechSynthesisVoice[] = [];
    const synth = {
      getVoices: () => voices,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      cancel: () => {},
      speak: (utterance: SpeechSynthesisUtterance) => spoken.push(utterance),
    };
    class FakeUtterance {
      lang = '';
      rate = 1;
      pitch = 1;
      volume = 1;
      voice: SpeechSynthesisVoice | null = null;
      constructor(public text: string) {}
    }
    const globals = globalThis as Record<string, unknown>;
    globals.window = { speechSynthesis: synth };
    globals.SpeechSynthesisUtterance = FakeUtterance;
    try {
      vi.resetModules();
      const { speak } = await import('./speech');
      // Chrome: no voices on the first read, then `voiceschanged`.
      voices = [voice('Remote US', 'en-US', false), voice('Local US', 'en-US', true)];
      for (const listener of listeners) listener();
      expect(speak('  ')).toBe(false);
      expect(speak('I have lived in Tokyo for ten years.')).toBe(true);
      expect(spoken).toHaveLength(1);
      expect(spoken[0]).toMatchObject({ text: 'I have lived in Tokyo for ten years.', lang: 'en-US', rate: 0.8, pitch: 1, volume: 1 });
      expect(spoken[0]?.voice?.name).toBe('Local US');
    } finally {
      delete globals.window;
      delete globals.SpeechSynthesisUtterance;
    }
  });
});
