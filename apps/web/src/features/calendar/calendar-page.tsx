import { calendarMessages, type TCalendarPeriodReply } from '@app/contracts/calendar.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDollars } from '../../lib/money';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BlockedDaysPanel } from './blocked/blocked-days-panel';
import { fetchCalendarPeriod } from './calendar-api';
import {
  type CalendarMode,
  calendarModes,
  describeCalendarRange,
  describeRevenueLabel,
  groupByDay,
  listUnsynced,
  rangeOfView,
  readCalendarView,
  stepView,
  writeCalendarView,
} from './calendar-view';
import { CalendarConnection } from './connection/calendar-connection';
import { DayCard } from './day-card';
import { ExportWeekButton } from './export/export-week-button';
import { CalendarFeedLink } from './feed/calendar-feed-link';
import { JobDetailModal } from './job-detail-modal';
import { calendarKeys } from './query-keys';

function OverviewCards({
  period,
  mode,
  isPhone,
}: {
  period: TCalendarPeriodReply | undefined;
  mode: CalendarMode;
  isPhone: boolean;
}) {
  const overview = period?.overview;
  const cards = [
    { label: 'Jobs This Period', value: overview ? String(overview.jobs) : '—' },
    { label: 'Capacity Used %', value: overview ? `${overview.capacityUsedPercent}%` : '—' },
    ...(isPhone
      ? []
      : [{ label: describeRevenueLabel(mode), value: overview ? formatDollars(overview.revenue) : '—' }]),
  ];
  return (
    <SimpleGrid cols={cards.length} spacing="sm" component="section" aria-label="Overview">
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="sm">
          <Text size="sm" c="gray.7" fw={600}>
            {card.label}
          </Text>
          <Text size="xl" fw={700} data-testid={`overview-${card.label}`}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The installer's capacity calendar (R14; 002 §2.5): Day / Week / Month (desktop; phones show the week as day
 * cards), Previous / Today / Next, the range label and New Estimate; the overview cards; the calendar link,
 * Export Week, the subscription link and blocked days; the day cards with their jobs; the job detail modal.
 * One read per period (row 65).
 */
export function CalendarPage() {
  useDocumentTitle('Calendar');
  const { user } = useSession();
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const today = toLocalIsoDate(new Date());
  const view = readCalendarView(params, today, isPhone);
  const range = rangeOfView(view);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [openJob, setOpenJob] = useState<number | null>(null);
  const installerId = companyId;

  const period = useQuery({
    queryKey: calendarKeys.period(companyId, installerId, range.from, range.to),
    queryFn: ({ signal }) => fetchCalendarPeriod(installerId, range.from, range.to, signal),
    enabled: user !== null && installerId > 0,
  });

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: calendarKeys.ofCompany(companyId) });
  }
  function changeView(next: typeof view) {
    setParams(writeCalendarView(params, next, today));
  }

  if (!user) return null;
  const isReadOnly = isReadOnlyAccess(user.access);
  const data = period.data;
  const days = data ? groupByDay(data, view.mode, today) : [];
  const unsynced = data ? listUnsynced(data.entries, today) : [];

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Calendar
        </Title>
        {!isReadOnly && (
          <Button component={Link} to="/newestimate/" leftSection={<IconPlus size={16} aria-hidden />}>
            New Estimate
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap">
            {!isPhone && (
              <SegmentedControl
                aria-label="Calendar view"
                value={view.mode}
                onChange={(mode) => changeView({ ...view, mode: mode as CalendarMode })}
                data={calendarModes.map((m) => ({ value: m.value, label: m.label }))}
              />
            )}
            <Button
              variant="default"
              onClick={() => changeView(stepView(view, -1))}
              aria-label={`Previous ${view.mode}`}
              leftSection={<IconChevronLeft size={16} aria-hidden />}
            >
              Previous
            </Button>
            <Button variant="default" onClick={() => changeView({ ...view, anchor: today })}>
              Today
            </Button>
            <Button
              variant="default"
              onClick={() => changeView(stepView(view, 1))}
              aria-label={`Next ${view.mode}`}
              rightSection={<IconChevronRight size={16} aria-hidden />}
            >
              Next
            </Button>
          </Group>
          <Group gap="xs">
            <Title order={2} size="h4" data-testid="calendar-range">
              {describeCalendarRange(view)}
            </Title>
            {period.isFetching && !period.isPending && <Loader size="xs" aria-label="Refreshing" />}
          </Group>
        </Group>
      </Paper>

      {period.isError ? (
        <Alert color="red" role="alert" title={calendarMessages.loadFailedTitle}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{calendarMessages.loadFailed}</Text>
            <Button color="red" variant="light" onClick={() => window.location.reload()}>
              {calendarMessages.refreshPage}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <OverviewCards period={data} mode={view.mode} isPhone={isPhone} />
          <Paper withBorder radius="md" p="sm" component="section" aria-label="Quick actions">
            <Stack gap="sm">
              <CalendarConnection installerId={installerId} unsynced={unsynced} onChanged={refresh} />
              <Group gap="sm">
                <ExportWeekButton installerId={installerId} view={view.mode} weekStart={range.from} />
              </Group>
            </Stack>
          </Paper>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              {!data ? (
                <Stack gap="xs" aria-label="Loading calendar">
                  {[1, 2, 3].map((line) => (
                    <Skeleton key={line} height={56} radius="md" />
                  ))}
                </Stack>
              ) : (
                <Stack gap="sm" component="section" aria-label="Days">
                  {data.entries.length === 0 && (
                    <Paper withBorder radius="md" p="xl">
                      <Text ta="center" c="gray.7">
                        {calendarMessages.empty}
                      </Text>
                    </Paper>
                  )}
                  {days
                    .filter((day) => data.entries.length > 0 || day.blockedReason !== null)
                    .map((day) => (
                      <DayCard
                        key={day.date}
                        day={day}
                        isExpanded={expanded[day.date] ?? day.isToday}
                        onToggle={() =>
                          setExpanded((state) => ({
                            ...state,
                            [day.date]: !(state[day.date] ?? day.isToday),
                          }))
                        }
                        onOpenJob={setOpenJob}
                      />
                    ))}
                </Stack>
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                <BlockedDaysPanel
                  installerId={installerId}
                  from={range.from}
                  to={range.to}
                  onChanged={refresh}
                />
                <CalendarFeedLink installerId={installerId} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
      {openJob !== null && <JobDetailModal requestId={openJob} onClose={() => setOpenJob(null)} />}
    </Stack>
  );
}
