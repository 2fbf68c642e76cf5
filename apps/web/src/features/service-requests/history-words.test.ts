import { clientHistoryStatuses } from '@app/contracts/lifecycle.contract';
import { transitionTable } from '@app/domain/service-requests/request-status';
import { describe, expect, it } from 'vitest';
import { describeHistoryCode } from './history-words';

/** Every code the server writes on a transition (writeHistory / writeServiceHistory effects). */
function codesTheServerWrites() {
  const codes: { code: string; isServiceRecord: boolean }[] = [];
  for (const rule of transitionTable) {
    for (const effect of rule.effects) {
      const [kind, code] = effect.split(':');
      if (code && (kind === 'writeHistory' || kind === 'writeServiceHistory')) {
        codes.push({ code, isServiceRecord: kind === 'writeServiceHistory' });
      }
    }
  }
  return codes;
}

describe('history words (issue 17, defect 9)', () => {
  it('has words for every code a client may record, none of them the raw code', () => {
    for (const code of clientHistoryStatuses) {
      const words = describeHistoryCode(code);
      expect(words, code).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
      expect(words, code).not.toBe(code);
    }
  });

  it('has words for every record a transition writes, service records saying so', () => {
    const written = codesTheServerWrites();
    expect(written.some((record) => record.isServiceRecord)).toBe(true);
    for (const { code, isServiceRecord } of written) {
      const words = describeHistoryCode(code, isServiceRecord);
      expect(words, code).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
      if (isServiceRecord) expect(words, code).toMatch(/^Service /);
    }
  });

  it('reads the contract records as words', () => {
    expect(describeHistoryCode('CONTRACT_DOWNLOADED')).toBe('Contract downloaded for manual signature');
    expect(describeHistoryCode('CONTRACT_SIGNED_ELECTRONIC')).toBe('Contract signed electronically');
    expect(describeHistoryCode('CONTRACT_SIGNED_MANUAL')).toBe('Contract signed manually');
  });

  it('turns a code it does not know into words rather than showing the code', () => {
    expect(describeHistoryCode('INVOICE_EMAILED')).toBe('Invoice emailed');
  });
});
