import { describe, expect, it } from 'vitest';
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
