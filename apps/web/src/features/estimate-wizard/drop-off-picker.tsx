import '@mantine/dates/styles.css';
import { Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import {
  blockedDropOffDays,
  DROP_OFF_FORMAT,
  type DropOffWindow,
  firstFreeDropOff,
  isDropOffExcluded,
} from './drop-off';
import { fetchInstallerCalendar } from './estimate-wizard.api';
import { estimateWizardKeys } from './query-keys';

export const BLOCKED_DAY_LABEL = 'Fully booked';
/** A day the installer closed (row 66, the calendar's blocked days). */
export const CLOSED_DAY_LABEL = 'Closed';

/** Names of the calendar's icon buttons for screen readers (axe: buttons need a name). */
export const calendarLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

/**
 * The drop-off date picker: days before tomorrow, past the 60-day horizon and fully booked days (GET
 * /installerCalendars/{installerId}) are disabled. When the chosen day turns out to be blocked, the next
 * free day is proposed. The server checks the day again at creation (409, shown by the wizard).
 */
export function DropOffPicker(props: {
  installerId: number;
  window: DropOffWindow;
  value: string;
  onChange: (day: string) => void;
}) {
  const companyId = useActingCompanyId();
  const calendar = useQuery({
    queryKey: estimateWizardKeys.installerCalendar(companyId, props.installerId),
    queryFn: () => fetchInstallerCalendar(props.installerId),
  });
  const blocked = useMemo(() => blockedDropOffDays(calendar.data ?? []), [calendar.data]);
  const closed = useMemo(
    () => new Set((calendar.data ?? []).filter((d) => d.closed).map((d) => d.workDate)),
    [calendar.data],
  );
  const { value, onChange, window } = props;

  useEffect(() => {
    if (!blocked.has(value)) return;
    const next = firstFreeDropOff(window, blocked, value);
    if (next) onChange(next);
  }, [blocked, value, window, onChange]);

  return (
    <div>
      <DatePickerInput
        label="Drop-off date"
        valueFormat={DROP_OFF_FORMAT}
        value={value}
        minDate={window.earliest}
        maxDate={window.latest}
        excludeDate={(day) => isDropOffExcluded(day, window, blocked)}
        getDayProps={(day) =>
          blocked.has(day) ? { title: closed.has(day) ? CLOSED_DAY_LABEL : BLOCKED_DAY_LABEL } : {}
        }
        ariaLabels={calendarLabels}
        // Mantine paints weekends light red, below the 4.5:1 contrast text needs; a drop-off may be any day.
        weekendDays={[]}
        onChange={(day) => {
          if (day && !isDropOffExcluded(day, window, blocked)) onChange(day);
        }}
        popoverProps={{ withinPortal: true }}
        data-testid="drop-off-date"
      />
      {blocked.size > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {closed.size > 0
            ? 'Fully booked and closed days cannot be chosen.'
            : 'Fully booked days cannot be chosen.'}
        </Text>
      )}
    </div>
  );
}
