import type { TCalendarEntry } from '@app/contracts/calendar.contract';
import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDuration } from '../service-requests/request-format';
import {
  type DayGroup,
  type DayJob,
  describeCustomer,
  describeDayTitle,
  describeMultiDay,
  describeServiceNumber,
  describeShortDay,
  describeVehicle,
  isSynced,
} from './calendar-view';

/** Dark orange for the needs-sync count: Mantine's orange 9 is 3.9:1 on today's light blue card, under AA's 4.5:1. */
const NEEDS_SYNC_TEXT = '#a33f00';

function ServiceLine({ entry }: { entry: TCalendarEntry }) {
  const multiDay = describeMultiDay(entry);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={500}>
        {entry.category ? `${entry.category} – ${entry.description}` : entry.description}
      </Text>
      {entry.serviceCount > 1 && (
        <Badge size="sm" variant="light" color="gray">
          {describeServiceNumber(entry)}
        </Badge>
      )}
      {multiDay && (
        <Badge size="sm" variant="light" color="grape">
          {multiDay}
        </Badge>
      )}
      {!isSynced(entry) && (entry.workStatus === 'booked' || entry.workStatus === 'started') && (
        <Badge size="sm" variant="light" color="orange">
          Needs sync
        </Badge>
      )}
    </Group>
  );
}

/** One job on a day: a button opening its detail modal, with customer, services, vehicle, dates. */
function JobButton({ job, onOpen }: { job: DayJob; onOpen: (requestId: number) => void }) {
  const first = job.entries[0] as TCalendarEntry;
  return (
    <UnstyledButton
      onClick={() => onOpen(job.requestId)}
      w="100%"
      p="xs"
      className="calendar-job"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      aria-label={`Job #${job.requestId}, ${describeCustomer(first)}: open details`}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Text size="sm" fw={700}>
            {describeCustomer(first)}
          </Text>
          <Text size="xs" c="gray.7">
            Job #{job.requestId} · {first.workStatus}
          </Text>
        </Group>
        {job.entries.map((entry) => (
          <ServiceLine key={`${entry.serviceId}-${entry.workDate}`} entry={entry} />
        ))}
        <Text size="xs" c="gray.7">
          {describeVehicle(first)}
        </Text>
        <Text size="xs" c="gray.7">
          Due {first.dueDate ? describeShortDay(first.dueDate) : '—'} · Estimate{' '}
          {formatDuration(first.jobDuration)}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/**
 * A day of the period (002 §2.5): its date, how many services are booked and how many need sync, and — once
 * expanded (today is by default) — its jobs. A closed day says so, with its reason.
 */
export function DayCard({
  day,
  isExpanded,
  onToggle,
  onOpenJob,
}: {
  day: DayGroup;
  isExpanded: boolean;
  onToggle: () => void;
  onOpenJob: (requestId: number) => void;
}) {
  const panelId = useId();
  const title = describeDayTitle(day.date);
  const hasJobs = day.jobs.length > 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={day.isToday ? `${title} (today)` : title}
      data-testid={`day-${day.date}`}
      style={
        day.isToday
          ? {
              borderColor: 'var(--mantine-color-blue-6)',
              borderWidth: 2,
              background: 'var(--mantine-color-blue-0)',
            }
          : undefined
      }
    >
      <UnstyledButton
        onClick={onToggle}
        w="100%"
        aria-expanded={isExpanded}
        aria-controls={panelId}
        disabled={!hasJobs}
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6}>
            {hasJobs &&
              (isExpanded ? (
                <IconChevronDown size={16} aria-hidden />
              ) : (
                <IconChevronRight size={16} aria-hidden />
              ))}
            <Text fw={700}>{title}</Text>
            {day.isToday && (
              <Badge size="sm" color="blue">
                Today
              </Badge>
            )}
          </Group>
          <Group gap={6}>
            {day.blockedReason !== null && (
              <Badge color="red" variant="light">
                Closed{day.blockedReason ? `: ${day.blockedReason}` : ''}
              </Badge>
            )}
            <Text size="sm" c="gray.8">
              {day.bookedCount} booked
            </Text>
            <Text size="sm" c={day.needsSyncCount > 0 ? NEEDS_SYNC_TEXT : 'gray.8'}>
              {day.needsSyncCount} need sync
            </Text>
          </Group>
        </Group>
      </UnstyledButton>
      <Box id={panelId} hidden={!isExpanded || !hasJobs} mt={isExpanded && hasJobs ? 'xs' : 0}>
        {isExpanded && (
          <Stack gap="xs">
            {day.jobs.map((job) => (
              <JobButton key={job.requestId} job={job} onOpen={onOpenJob} />
            ))}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
