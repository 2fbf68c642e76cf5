import { describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../modules/outbox/outbox-test-smtp';
import { createSmtpMailAdapter, parseSmtpUrl } from './smtp-mail-adapter';

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

describe('createSmtpMailAdapter', () => {
  it('sends attachments to a real SMTP server on loopback', async () => {
    const server = await startTestSmtpServer();
    const mail = createSmtpMailAdapter({ url: server.url });
    try {
      const pdf = Buffer.from('%PDF-1.7\nsigned contract\n%%EOF\n');
      await mail.send({
        from: 'Test <test@marketplace.local>',
        to: 'dealer@example.test',
        subject: 'Customer contract for request #7',
        text: 'The signed contract is attached.',
        attachments: [
          {
            filename: 'contract-7.pdf',
            contentType: 'application/pdf',
            contentBase64: pdf.toString('base64'),
          },
        ],
      });
      const [received] = server.received;
      expect(received?.rcptTo).toEqual(['dealer@example.test']);
      expect(received?.raw).toMatch(/Content-Type: application\/pdf; name=contract-7\.pdf/);
      expect(received?.raw).toMatch(/Content-Disposition: attachment; filename=contract-7\.pdf/);
      expect(received?.raw.replace(/\r\n/g, '')).toContain(pdf.toString('base64'));
    } finally {
      await mail.close();
      await server.close();
    }
  });
});
