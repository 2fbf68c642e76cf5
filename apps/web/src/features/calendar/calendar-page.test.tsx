import { addDays, toLocalIsoDate } from '@app/domain/scheduling/dates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer } from '../../test/fake-fetch';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { buildEntry, buildPeriod } from './calendar.fixtures';
import { CalendarPage } from './calendar-page';
import { rangeOfView } from './calendar-view';

const installer = buildUser({ userType: 'installer', userId: 12, companyId: 7 });
const today = toLocalIsoDate(new Date());
const week = rangeOfView({ mode: 'week', anchor: today });

function renderScreen(period: FakeAnswer, path = '/calendar') {
  signInAs(installer);
  const server = installFakeFetch({
    'POST /api/page-views': { status: 201, body: { success: true } },
    'GET /api/dealerCalendars/7': period,
  });
  renderWithProviders(<CalendarPage />, path);
  return { server, user: userEvent.setup() };
}

describe('CalendarPage', () => {
  it('reads the current week once and shows today expanded with its jobs and counts', async () => {
    const entries = [
      buildEntry({
        workDate: today,
        requestId: 5,
        serviceId: 51,
        serviceCount: 2,
        customerName: 'Dana Whitfield',
      }),
      buildEntry({
        workDate: today,
        requestId: 5,
        serviceId: 52,
        serviceNumber: 2,
        serviceCount: 2,
        description: 'Windows',
        multiDay: true,
        jobDays: 2,
        jobFirstDay: today,
        jobLastDay: addDays(today, 1),
      }),
      buildEntry({
        workDate: today,
        requestId: 6,
        serviceId: 61,
        eventId: 'evt-6',
        customerName: 'Ray Ortiz',
      }),
    ];
    const { server } = renderScreen({ body: buildPeriod(week.from, week.to, entries) });
    const todayCard = await screen.findByRole('region', { name: /\(today\)$/ });
    expect(within(todayCard).getByText('3 booked')).toBeInTheDocument();
    expect(within(todayCard).getByText('2 need sync')).toBeInTheDocument();
    expect(within(todayCard).getByRole('button', { name: /Job #5, Dana Whitfield/ })).toBeInTheDocument();
    expect(within(todayCard).getByText('Service 2 of 2')).toBeInTheDocument();
    expect(within(todayCard).getByText('Day 1 of 2')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Days' })).getAllByRole('region')).toHaveLength(7);
    const [call] = server.callsTo('GET', '/api/dealerCalendars/7');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ from: week.from, to: week.to });
    expect(screen.getByText('Week Revenue')).toBeInTheDocument();
  });

  it('says No scheduled services for an empty period', async () => {
    renderScreen({ body: buildPeriod(week.from, week.to) });
    expect(await screen.findByText('No scheduled services')).toBeInTheDocument();
  });

  it('shows Error Loading Calendar with M125 and Refresh Page when the read fails', async () => {
    renderScreen({ status: 500, body: { code: 'INTERNAL', message: 'x' } });
    const title = await screen.findByText('Error Loading Calendar');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Failed to load calendar data. Please refresh the page.');
    expect(within(alert).getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('says M131 in the job modal when the job cannot be read', async () => {
    const { user } = renderScreen({
      body: buildPeriod(week.from, week.to, [buildEntry({ workDate: today })]),
    });
    const todayCard = await screen.findByRole('region', { name: /\(today\)$/ });
    await user.click(within(todayCard).getByRole('button', { name: /Job #41/ }));
    expect(await screen.findByText('Error loading job details. Please try again.')).toBeInTheDocument();
  });
});
