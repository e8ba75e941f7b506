import { describe, expect, it } from 'vitest';
import { AuthError, readEmulatorToken } from './auth.js';

const PROJECT = 'demo-shunkan-test';
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const nowS = NOW / 1000;

function token(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'none', typ: 'JWT' }): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part(header)}.${part(claims)}.`;
}

const good = { sub: 'uid-1', iat: nowS - 60, exp: nowS + 3540, auth_time: nowS - 60, aud: PROJECT, iss: `https://securetoken.google.com/${PROJECT}` };

function codeOf(idToken: string): string | undefined {
  try {
    readEmulatorToken(idToken, PROJECT, NOW);
    return undefined;
  } catch (error) {
    return error instanceof AuthError ? error.code : 'other';
  }
}

describe('readEmulatorToken (Auth emulator tokens, unsigned)', () => {
  it('reads the subject and times of a token of this project', () => {
    expect(readEmulatorToken(token(good), PROJECT, NOW)).toEqual({ uid: 'uid-1', iat: good.iat, auth_time: good.auth_time });
  });

  it('refuses other projects, issuers, signed or garbled tokens, missing subjects, future and expired tokens', () => {
    expect(codeOf(token({ ...good, aud: 'other-project' }))).toBe('invalid');
    expect(codeOf(token({ ...good, iss: 'https://securetoken.google.com/other-project' }))).toBe('invalid');
    expect(codeOf(token(good, { alg: 'RS256', typ: 'JWT' }))).toBe('malformed');
    expect(codeOf('a.b.c')).toBe('malformed');
    expect(codeOf(token({ ...good, sub: '' }))).toBe('invalid');
    expect(codeOf(token({ ...good, iat: nowS + 3600 }))).toBe('invalid');
    expect(codeOf(token({ ...good, exp: nowS - 1 }))).toBe('expired');
  });
});
