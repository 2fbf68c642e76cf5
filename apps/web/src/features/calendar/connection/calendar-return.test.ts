import { describe, expect, it } from 'vitest';
import { readCalendarReturn } from './calendar-connection';

const calendars = [{ id: 'shop@calendar.local', name: 'Shop Calendar', primary: true }];

describe('the return from calendar authorisation (002 §2.5)', () => {
  it('gives the calendars only when installer_id is the current installer', () => {
    const params = new URLSearchParams({
      calendar_selection: '1',
      calendars: JSON.stringify(calendars),
      installer_id: '7',
    });
    expect(readCalendarReturn(params, 7)).toEqual({ calendars });
    expect(readCalendarReturn(params, 8)).toBeNull();
  });

  it('reads a list that does not parse as empty (the picker then says M128), and an error as an error', () => {
    const junk = new URLSearchParams({ calendar_selection: '1', calendars: '{oops', installer_id: '7' });
    expect(readCalendarReturn(junk, 7)).toEqual({ calendars: [] });
    const wrongShape = new URLSearchParams({
      calendar_selection: '1',
      calendars: '[{"id":1}]',
      installer_id: '7',
    });
    expect(readCalendarReturn(wrongShape, 7)).toEqual({ calendars: [] });
    const declined = new URLSearchParams({ calendar_error: 'access_denied', installer_id: '7' });
    expect(readCalendarReturn(declined, 7)).toEqual({ error: 'access_denied' });
    expect(readCalendarReturn(new URLSearchParams(), 7)).toBeNull();
  });
});
