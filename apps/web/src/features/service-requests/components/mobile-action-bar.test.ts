import { describe, expect, it } from 'vitest';
import type { PanelButton } from '../action-buttons';
import { findNextAction } from './mobile-action-bar';

const button = (key: PanelButton['key'], isEnabled: boolean): PanelButton => ({ key, label: key, isEnabled });

describe('findNextAction (the phone bar)', () => {
  it('takes the first enabled forward action', () => {
    const started = [
      button('startService', false),
      button('finishService', false),
      button('completeJob', true),
    ];
    expect(findNextAction([...started, button('delete', true)])?.key).toBe('completeJob');
  });

  it('never offers moving back or away; a waiting forward action shows disabled', () => {
    const scheduled = [button('checkIn', false), button('reschedule', true), button('transfer', true)];
    expect(findNextAction([...scheduled, button('delete', true)])).toMatchObject({
      key: 'checkIn',
      isEnabled: false,
    });
    expect(findNextAction([button('reject', true), button('delete', true)])).toBeNull();
  });
});
