import '@mantine/dates/styles.css';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { Alert, Button, Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { calendarLabels } from '../estimate-wizard/drop-off-picker';
import { ConfirmActionModal } from '../lifecycle/confirm-action-modal';
import {
  checkCustomRange,
  type DateRange,
  type RangeMode,
  rangeMessages,
  rangeModes,
} from './financial-range';

type RangeToolbarProps = {
  mode: RangeMode;
  customRange: DateRange | null;
  canStep: boolean;
  onModeChange: (mode: RangeMode) => void;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onApplyCustom: (range: DateRange) => void;
};

/**
 * The range controls of R15: Day / Week / Month / Custom (the toggle on desktop only; phones keep the month),
 * Previous / Today / Next (rule 95), and for Custom the From and To pickers with Apply (rules 90–92).
 */
export function RangeToolbar(props: RangeToolbarProps) {
  const { mode, canStep } = props;
  const [from, setFrom] = useState<IsoDate | null>(props.customRange?.from ?? null);
  const [to, setTo] = useState<IsoDate | null>(props.customRange?.to ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [largeRange, setLargeRange] = useState<DateRange | null>(null);

  function apply() {
    const check = checkCustomRange(from, to);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setProblem(null);
    if (check.isLarge) setLargeRange(check.range);
    else props.onApplyCustom(check.range);
  }

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SegmentedControl
        visibleFrom="md"
        aria-label="Range"
        value={mode}
        data={rangeModes.map((item) => ({ value: item.value, label: item.label }))}
        onChange={(value) => props.onModeChange(value as RangeMode)}
      />
      <Group gap={4} wrap="nowrap">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={!canStep}
          onClick={() => props.onStep(-1)}
        >
          Previous
        </Button>
        <Button variant="default" size="sm" disabled={!canStep} onClick={props.onToday}>
          Today
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={!canStep}
          onClick={() => props.onStep(1)}
        >
          Next
        </Button>
      </Group>
      {mode === 'custom' && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          {(
            [
              { label: 'From', placeholder: 'Start date', value: from, set: setFrom, limit: { maxDate: to } },
              { label: 'To', placeholder: 'End date', value: to, set: setTo, limit: { minDate: from } },
            ] as const
          ).map((picker) => (
            <DatePickerInput
              key={picker.label}
              label={picker.label}
              placeholder={picker.placeholder}
              value={picker.value}
              // From max = To, To min = From (rule 90).
              minDate={'minDate' in picker.limit ? (picker.limit.minDate ?? undefined) : undefined}
              maxDate={'maxDate' in picker.limit ? (picker.limit.maxDate ?? undefined) : undefined}
              onChange={(value) => picker.set(value)}
              clearable
              clearButtonProps={{ 'aria-label': `Clear ${picker.label} date` }}
              ariaLabels={calendarLabels}
              weekendDays={[]}
              // Weeks run Sunday to Saturday here, as in the Week range.
              firstDayOfWeek={0}
              valueFormat="MMM D, YYYY"
              w={160}
            />
          ))}
          <Button onClick={apply} disabled={!from || !to}>
            Apply
          </Button>
        </Group>
      )}
      {mode === 'custom' && problem && (
        <Alert color="red" role="alert" py={6} w="100%">
          {problem}
        </Alert>
      )}
      {largeRange && (
        <ConfirmActionModal
          confirmation={{
            title: 'Large date range',
            message: rangeMessages.largeRange,
            details: null,
            confirmLabel: 'Continue',
          }}
          isSubmitting={false}
          onClose={() => setLargeRange(null)}
          onConfirm={() => {
            props.onApplyCustom(largeRange);
            setLargeRange(null);
          }}
        />
      )}
    </Group>
  );
}
