import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from '../delivery-error';
import { createTwilioSmsAdapter } from './twilio-sms-adapter';

type Seen = {
  method: string;
  url: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
};

describe('Twilio SMS adapter against a local fake of the Twilio API', () => {
  const seen: Seen[] = [];
  let reply: (res: ServerResponse) => void = () => {};
  let baseUrl = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: new URLSearchParams(body),
      });
      reply(res);
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const json = (status: number, body: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  it('POSTs the form with basic auth and returns the message SID', async () => {
    seen.length = 0;
    reply = json(201, { sid: 'SM123', status: 'queued' });
    const sms = createTwilioSmsAdapter({
      accountSid: 'AC42',
      authToken: 's3cret',
      from: '+15550000',
      baseUrl,
    });
    await expect(sms.send({ to: '+15551111', text: 'Your car is ready' })).resolves.toEqual({ id: 'SM123' });

    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/2010-04-01/Accounts/AC42/Messages.json');
    expect(req?.authorization).toBe(`Basic ${Buffer.from('AC42:s3cret').toString('base64')}`);
    expect(req?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req?.form ?? [])).toEqual({
      To: '+15551111',
      From: '+15550000',
      Body: 'Your car is ready',
    });
  });

  it('sends a Messaging Service SID as MessagingServiceSid', async () => {
    seen.length = 0;
    reply = json(201, { sid: 'SM124' });
    const sms = createTwilioSmsAdapter({ accountSid: 'AC42', authToken: 't', from: 'MG999', baseUrl });
    await sms.send({ to: '+15552222', text: 'Hi' });
    expect(seen[0]?.form.get('MessagingServiceSid')).toBe('MG999');
    expect(seen[0]?.form.has('From')).toBe(false);
  });

  it('treats a refused number as permanent and a server error as retryable', async () => {
    const sms = createTwilioSmsAdapter({ accountSid: 'AC42', authToken: 't', from: '+15550000', baseUrl });
    reply = json(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    const refused = sms.send({ to: 'nope', text: 'x' });
    await expect(refused).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(refused).rejects.toThrow(
      /HTTP 400: The 'To' number is not a valid phone number\. \(Twilio code 21211\)/,
    );

    reply = json(503, { message: 'Service unavailable' });
    const outage = sms.send({ to: '+15551111', text: 'x' });
    await expect(outage).rejects.toThrow(/HTTP 503/);
    await expect(outage).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  });
});
