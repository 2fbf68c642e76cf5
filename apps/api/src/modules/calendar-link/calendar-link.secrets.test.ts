import { describe, expect, it } from 'vitest';
import { createStateSigner, createTokenCipher } from './calendar-link.secrets';

describe('calendar link secrets (decision 026)', () => {
  it('encrypts refresh tokens with AES-256-GCM: never the plaintext, a fresh IV each time, tampering refused', () => {
    const cipher = createTokenCipher('a-calendar-token-key-of-32-characters!!');
    const stored = cipher.encrypt('1//refresh-token');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('refresh');
    expect(cipher.encrypt('1//refresh-token')).not.toBe(stored);
    expect(cipher.decrypt(stored)).toBe('1//refresh-token');
    const [v, iv, tag, data] = stored.split('.') as [string, string, string, string];
    const flipped = `${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(cipher.decrypt([v, iv, tag, flipped].join('.'))).toBeNull();
    expect(cipher.decrypt('plain-text')).toBeNull();
    // Another key reads nothing.
    expect(createTokenCipher('another-key-another-key-another-key!').decrypt(stored)).toBeNull();
  });

  it('signs the OAuth state: altered, foreign-key or expired states are refused', () => {
    const signer = createStateSigner('jwt-secret-jwt-secret-jwt-secret-0123');
    const state = signer.sign({ installerId: 3, userId: 9, nonce: 'abc', exp: 1_000 });
    expect(signer.verify(state, 999)).toEqual({ installerId: 3, userId: 9, nonce: 'abc', exp: 1_000 });
    expect(signer.verify(state, 1_000)).toBe('expired');
    const [payload, mac] = state.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ i: 4, u: 9, n: 'abc', e: 1_000 })).toString('base64url');
    expect(signer.verify(`${other}.${mac}`, 999)).toBe('forged');
    expect(signer.verify(`${payload}.${mac}.x`, 999)).toBe('forged');
    expect(signer.verify('junk', 999)).toBe('forged');
    expect(createStateSigner('another-secret-another-secret-another').verify(state, 999)).toBe('forged');
  });
});
