import { calendarExportMessages } from '@app/contracts/calendar-export.contract';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { saveBlob } from '../../../lib/fetch-document';
import { downloadWeekPdf } from './export-week-api';

export type ExportWeekButtonProps = {
  installerId: number;
  view: 'day' | 'week' | 'month';
  /** First day of the week shown, 'YYYY-MM-DD'. */
  weekStart: string;
};

/**
 * Export Week (002 §2.5, §9): downloads the week's A4 PDF, built on the server and named with the week's
 * dates. Outside the week view it says M141 instead; a failure says M134; the button shows that it is busy
 * while the PDF is built.
 */
export function ExportWeekButton({ installerId, view, weekStart }: ExportWeekButtonProps) {
  const [message, setMessage] = useState<{ color: 'yellow' | 'red'; text: string } | null>(null);
  // Switching to the week view answers M141.
  useEffect(() => {
    if (view === 'week') setMessage((shown) => (shown?.color === 'yellow' ? null : shown));
  }, [view]);
  const exportWeek = useMutation({
    mutationFn: () => downloadWeekPdf(installerId, weekStart),
    onSuccess: ({ blob, fileName }) => {
      setMessage(null);
      saveBlob(fileName, blob);
    },
    onError: () => setMessage({ color: 'red', text: calendarExportMessages.failed }),
  });

  return (
    <Stack gap={6} align="flex-start">
      <Button
        variant="light"
        loading={exportWeek.isPending}
        aria-busy={exportWeek.isPending}
        onClick={() => {
          if (view !== 'week') {
            setMessage({ color: 'yellow', text: calendarExportMessages.weekViewOnly });
            return;
          }
          exportWeek.mutate();
        }}
      >
        Export Week
      </Button>
      {message && (
        <Alert
          color={message.color}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMessage(null)}
          py={6}
        >
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
