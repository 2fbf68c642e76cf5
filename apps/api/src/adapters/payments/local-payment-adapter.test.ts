import { describe, expect, it } from 'vitest';
import {
  behaviourFromReaderId,
  chargeTestCard,
  DEFAULT_READER_DELAY_MS,
  parseExpiry,
  simulateReaderPayment,
  TEST_CARD_DECLINED_MESSAGE,
} from './local-payment-adapter';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('chargeTestCard (the hosted page in test mode)', () => {
  const card = (number: string, expiry = '12/34', cvc = '123') =>
    chargeTestCard({ number, expiry, cvc }, NOW);

  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['4242-4242-4242-4242', 'visa', '4242'],
    ['5555555555554444', 'mastercard', '4444'],
  ])('%s succeeds', (number, brand, last4) => {
    expect(card(number)).toEqual({ ok: true, brand, last4 });
  });

  it.each([
    ['4000 0000 0000 0002', TEST_CARD_DECLINED_MESSAGE],
    ['4000000000009995', 'The card has insufficient funds. Please try a different card.'],
    ['4000000000000069', 'The card has expired. Please try a different card.'],
  ])('%s is declined', (number, message) => {
    expect(card(number)).toEqual({ ok: false, kind: 'declined', field: null, message });
  });

  it.each([
    ['', 'number', 'Enter your card number.'],
    ['4242 4242', 'number', 'Your card number is incomplete.'],
    ['4242 4242 4242 4241', 'number', 'Your card number is invalid.'],
    ['abcd', 'number', 'Your card number is invalid.'],
    [
      '4111 1111 1111 1111',
      'number',
      'This page is in test mode: use a test card such as 4242 4242 4242 4242.',
    ],
  ])('refuses the number %j', (number, field, message) => {
    expect(card(number)).toEqual({ ok: false, kind: 'invalid', field, message });
  });

  it('checks the expiry and the security code', () => {
    expect(card('4242424242424242', '13/30')).toMatchObject({ field: 'expiry', kind: 'invalid' });
    expect(card('4242424242424242', '05/25')).toMatchObject({
      field: 'expiry',
      message: expect.stringContaining('past'),
    });
    expect(card('4242424242424242', '06/25')).toMatchObject({ ok: true });
    expect(card('4242424242424242', '12/34', '12')).toMatchObject({ field: 'cvc' });
    expect(card('4242424242424242', '12/34', '1234')).toMatchObject({ ok: true });
  });

  it.each([
    ['12/34', { month: 12, year: 2034 }],
    ['1 / 2030', { month: 1, year: 2030 }],
    ['00/30', null],
    ['12-30', null],
  ])('parseExpiry(%j)', (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });
});

describe('simulated readers', () => {
  it.each([
    ['sim_reader_elite_main', null],
    ['sim_reader_x_offline', 'offline'],
    ['sim_reader_x_declined', 'decline'],
    ['sim_reader_x_SLOW', 'slow'],
    ['tmr_timeout', 'timeout'],
  ])('%s → %s', (id, behaviour) => {
    expect(behaviourFromReaderId(id)).toBe(behaviour);
  });

  const online = { behaviour: 'online' as const, delayMs: DEFAULT_READER_DELAY_MS };
  it.each([
    [null, 'waiting_for_customer'],
    [0, 'waiting_for_customer'],
    [749, 'waiting_for_customer'],
    [750, 'processing'],
    [1_499, 'processing'],
    [1_500, 'succeeded'],
  ])('online reader after %s ms: %s', (elapsed, stage) => {
    expect(simulateReaderPayment('pi_sim_abc', online, elapsed).stage).toBe(stage);
  });

  it('declines, never finishes (timeout, offline), succeeds with a card', () => {
    expect(simulateReaderPayment('pi_sim_a', { behaviour: 'decline', delayMs: 0 }, 0)).toEqual({
      stage: 'declined',
      message: 'Your card was declined.',
    });
    expect(simulateReaderPayment('pi_sim_a', { behaviour: 'timeout', delayMs: 0 }, 10 ** 9).stage).toBe(
      'waiting_for_customer',
    );
    expect(simulateReaderPayment('pi_sim_a', { behaviour: 'offline', delayMs: 0 }, 10 ** 9).stage).toBe(
      'waiting_for_customer',
    );
    expect(simulateReaderPayment('pi_sim_abc', { behaviour: 'slow', delayMs: 12_000 }, 12_000)).toEqual({
      stage: 'succeeded',
      providerPaymentId: 'ch_sim_abc',
      cardLast4: '4242',
      cardBrand: 'visa',
    });
  });
});
