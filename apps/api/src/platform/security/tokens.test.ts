import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, verifyHs256 } from './tokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const claims = {
  sub: '42',
  groups: ['Dealer' as const],
  companyId: 7,
  access: 'ADMIN' as const,
  userType: 'dealer' as const,
  sid: '6f1c2b7e-0000-4000-8000-000000000001',
};

function forge(header: object, payload: object, secret = SECRET) {
  const h = Buffer.from(JSON.stringify(header)).toString('base64url');
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${sig}`;
}

describe('access tokens', () => {
  const signer = createTokenSigner(SECRET);
  const now = () => Math.floor(Date.now() / 1000);

  it('verifies what it signs and returns the claims', async () => {
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, a changed payload and a cut signature', async () => {
    const other = await createTokenSigner(`${SECRET}-other`).sign(claims);
    expect(await signer.verify(other)).toBeNull();
    const [h, , sig] = (await signer.sign(claims)).split('.');
    const p = Buffer.from(JSON.stringify({ ...claims, companyId: 8, exp: now() + 60 })).toString('base64url');
    expect(await signer.verify(`${h}.${p}.${sig}`)).toBeNull();
    const token = await signer.sign(claims);
    expect(await signer.verify(token.slice(0, -2))).toBeNull();
    expect(await signer.verify('not.a.token')).toBeNull();
    expect(await signer.verify('')).toBeNull();
  });

  it('refuses alg none and any algorithm but HS256, even with a valid HMAC', async () => {
    const payload = { ...claims, exp: now() + 60 };
    expect(await signer.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload))).toEqual(claims);
    expect(await signer.verify(forge({ alg: 'none' }, payload))).toBeNull();
    expect(await signer.verify(forge({ alg: 'HS512' }, payload))).toBeNull();
    expect(await signer.verify(forge({ alg: 'HS256', crit: ['x'] }, payload))).toBeNull();
    const unsigned = forge({ alg: 'none' }, payload).split('.').slice(0, 2).join('.');
    expect(await signer.verify(`${unsigned}.`)).toBeNull();
  });

  it('refuses an expired token, one without exp and one not valid yet', async () => {
    const token = await signer.sign(claims);
    expect(await signer.verify(token, now() + 15 * 60 + 1)).toBeNull();
    expect(await signer.verify(forge({ alg: 'HS256' }, { ...claims }))).toBeNull();
    expect(
      await signer.verify(forge({ alg: 'HS256' }, { ...claims, exp: now() + 60, nbf: now() + 30 })),
    ).toBeNull();
  });

  it('accepts tokens jose signs with the same key (the format is standard JWS)', async () => {
    const token = await new SignJWT({ companyId: 7, groups: ['Dealer'], access: 'ADMIN', userType: 'dealer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    expect(verifyHs256(token, Buffer.from(SECRET), now())).toMatchObject({ sub: '42', companyId: 7 });
  });
});
