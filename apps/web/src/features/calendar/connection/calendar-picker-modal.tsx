import {
  calendarLinkMessages as M,
  type TExternalCalendar,
  ZSelectBody,
} from '@app/contracts/calendar-link.contract';
import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

type CalendarPickerModalProps = {
  installerId: number;
  calendars: TExternalCalendar[];
  /** P20 'Select Your Business Calendar' (calendar screen) or P9 (the lifecycle screens' popup, M142). */
  title?: string;
  isSaving: boolean;
  error: string | null;
  onSelect: (calendarId: string) => void;
  onCancel: () => void;
};

/**
 * The picker of the external calendar that manages the location's appointments (P20; 002 §2.5): one of the
 * account's calendars (name, primary), Cancel Setup. The choice is validated with the call's own schema.
 */
export function CalendarPickerModal({
  installerId,
  calendars,
  title = M.selectTitle,
  isSaving,
  error,
  onSelect,
  onCancel,
}: CalendarPickerModalProps) {
  const primary = calendars.find((c) => c.primary) ?? calendars[0];
  const form = useForm({
    mode: 'controlled',
    initialValues: { installerId, calendarId: primary?.id ?? '' },
    validate: schemaResolver(ZSelectBody, { sync: true }),
  });
  return (
    <Modal opened onClose={onCancel} title={title} centered size="md">
      <form noValidate onSubmit={form.onSubmit((values) => onSelect(values.calendarId))}>
        <Stack gap="md">
          {calendars.length === 0 ? (
            <Alert color="red" role="alert">
              {M.optionsFailed}
            </Alert>
          ) : (
            <Radio.Group
              label="Calendar for this location’s appointments"
              {...form.getInputProps('calendarId')}
            >
              <Stack gap="xs" mt="xs">
                {calendars.map((calendar) => (
                  <Radio
                    key={calendar.id}
                    value={calendar.id}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {calendar.name}
                        </Text>
                        {calendar.primary && (
                          <Badge size="xs" variant="light">
                            Primary
                          </Badge>
                        )}
                      </Group>
                    }
                    description={calendar.id === calendar.name ? undefined : calendar.id}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel Setup
            </Button>
            <Button type="submit" loading={isSaving} disabled={calendars.length === 0}>
              Use This Calendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
