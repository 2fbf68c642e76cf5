import { calendarLinkMessages as M } from '@app/contracts/calendar-link.contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../../lib/api-client';
import { useActingCompanyId } from '../../../lib/query-keys';
import { fetchConnection, selectCalendar } from './calendar-link-api';
import { CalendarPickerModal } from './calendar-picker-modal';
import { calendarLinkKeys } from './query-keys';

const DISMISSED = 'im.calendar-selection-dismissed';

/**
 * The lifecycle screens' calendar selection popup (P9, 000 §2, M142): when the installer authorised its calendar
 * but has not picked one yet, it asks here too. Cancel Setup dismisses it for the browser session.
 */
export function CalendarSelectionPrompt({ installerId }: { installerId: number }) {
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === String(installerId));
  const connection = useQuery({
    queryKey: calendarLinkKeys.connection(companyId, installerId),
    queryFn: () => fetchConnection(installerId),
    enabled: !dismissed,
  });
  const select = useMutation({
    mutationFn: (calendarId: string) => selectCalendar(installerId, calendarId),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: M.connected });
      await queryClient.invalidateQueries({ queryKey: calendarLinkKeys.connection(companyId, installerId) });
    },
  });
  if (dismissed || connection.data?.status !== 'needs_selection') return null;
  return (
    <CalendarPickerModal
      installerId={installerId}
      calendars={connection.data.calendars}
      title={M.lifecycleSelectTitle}
      isSaving={select.isPending}
      error={
        select.error
          ? select.error instanceof ApiHttpError && select.error.isClientError
            ? (select.error.userMessage ?? M.selectFailed)
            : M.selectFailed
          : null
      }
      onSelect={(calendarId) => select.mutate(calendarId)}
      onCancel={() => {
        sessionStorage.setItem(DISMISSED, String(installerId));
        setDismissed(true);
      }}
    />
  );
}
