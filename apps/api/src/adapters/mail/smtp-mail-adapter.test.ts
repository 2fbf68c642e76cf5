import { describe, expect, it } from 'vitest';
import { parseSmtpUrl } from './smtp-mail-adapter';

describe('parseSmtpUrl', () => {
  it('reads a plain local catcher URL', () => {
    expect(parseSmtpUrl('smtp://127.0.0.1:1025?ignoreTLS=true')).toEqual({
      host: '127.0.0.1',
      port: 1025,
      secure: false,
      ignoreTLS: true,
      requireTLS: false,
      auth: undefined,
      maxConnections: 5,
    });
  });

  it('reads credentials (URL-encoded), implicit TLS and default ports', () => {
    expect(parseSmtpUrl('smtps://apikey:p%40ss%2Fword@smtp.example.com')).toMatchObject({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      auth: { user: 'apikey', pass: 'p@ss/word' },
    });
    expect(parseSmtpUrl('smtp://mail.example.com?requireTLS=1&maxConnections=2')).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      maxConnections: 2,
    });
  });

  it('refuses other schemes', () => {
    expect(() => parseSmtpUrl('http://example.com')).toThrow(/smtp:\/\//);
  });
});
