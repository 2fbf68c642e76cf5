import { describe, expect, it } from 'vitest';
import { deriveInvoicePrefix, formatInvoiceNumber, invoicePrefixCandidates } from './invoice-numbers';

describe('invoice prefixes', () => {
  it.each([
    ['Elite Auto Film', 'EAF'],
    ['Elite Auto Film North', 'EAFN'],
    ['Clearview Tint', 'CT'],
    ['Clearview', 'CLE'],
    ['  st. louis   glass & tint co ', 'SLGTC'],
    ['A1 Auto Detail Pros and More', 'AADPA'],
    ['Café Crème Wraps', 'CCW'],
    ['Élan', 'ELA'],
    ['北京贴膜', 'S'],
  ])('%s → %s', (name, prefix) => {
    expect(deriveInvoicePrefix(name)).toBe(prefix);
  });

  it('offers the derived prefix, then numbered variants, then one with the company id; never INV', () => {
    expect(invoicePrefixCandidates('Elite Auto Film', 42)).toEqual([
      'EAF',
      'EAF2',
      'EAF3',
      'EAF4',
      'EAF5',
      'EAF6',
      'EAF7',
      'EAF8',
      'EAF9',
      'EAF42',
    ]);
    const invoiceMasters = invoicePrefixCandidates('Invoice Masters', 7);
    expect(deriveInvoicePrefix('Inventive')).toBe('INV');
    expect(invoicePrefixCandidates('Inventive', 7)[0]).toBe('INV2');
    expect(invoiceMasters[0]).toBe('IM');
  });

  it('formats PREFIX-n', () => {
    expect(formatInvoiceNumber('EAF', 1041)).toBe('EAF-1041');
  });
});
