import { formatMoney } from '@app/domain/shared/money';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import type { PanelButton, PanelButtonKey } from '../action-buttons';

type LifecycleKey = Exclude<PanelButtonKey, 'customerContract'>;

/** Buttons that are never "the next step": they end, refuse or move the work back or away. */
const notNext: ReadonlySet<PanelButtonKey> = new Set<PanelButtonKey>([
  'delete',
  'reject',
  'reschedule',
  'transfer',
  'customerContract',
]);

/** The next step of the job: the first enabled forward action, else the first forward one (disabled). */
export function findNextAction(
  buttons: readonly PanelButton[],
): (PanelButton & { key: LifecycleKey }) | null {
  const forward = buttons.filter(
    (button): button is PanelButton & { key: LifecycleKey } => !notNext.has(button.key),
  );
  return forward.find((button) => button.isEnabled) ?? forward[0] ?? null;
}

export const MOBILE_ACTION_BAR_HEIGHT = 64;

type MobileActionBarProps = {
  buttons: readonly PanelButton[];
  balanceCents: number;
  onAction: (action: LifecycleKey) => void;
  pendingAction: string | null;
  /** Scrolls to the full Actions panel (the choices some actions need, the other buttons). */
  onShowAll: () => void;
};

/**
 * Phones only (issue 17): the balance due and the job's next action in a bar fixed above the footer, so
 * they are never two screens below the top of a request. The full Actions panel stays where it is.
 */
export function MobileActionBar({
  buttons,
  balanceCents,
  onAction,
  pendingAction,
  onShowAll,
}: MobileActionBarProps) {
  const next = findNextAction(buttons);
  return (
    <>
      {/* Room at the end of the details, so the bar never covers their last lines. */}
      <Box hiddenFrom="sm" h={MOBILE_ACTION_BAR_HEIGHT} aria-hidden />
      <Box
        hiddenFrom="sm"
        component="section"
        aria-label="Next step"
        pos="fixed"
        left={0}
        right={0}
        px="md"
        py="xs"
        bg="var(--mantine-color-body)"
        style={{
          bottom: 'var(--app-shell-footer-offset, 0rem)',
          zIndex: 150,
          borderTop: '1px solid var(--mantine-color-default-border)',
          boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.08)',
          minHeight: MOBILE_ACTION_BAR_HEIGHT,
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Balance due
            </Text>
            <Text fw={700} data-testid="balance-due">
              {formatMoney(balanceCents)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" size="sm" px="xs" onClick={onShowAll}>
              All actions
            </Button>
            {next && (
              <Button
                size="sm"
                disabled={!next.isEnabled || (pendingAction !== null && pendingAction !== next.key)}
                loading={pendingAction === next.key}
                onClick={() => onAction(next.key)}
                title={next.isEnabled ? undefined : next.disabledReason}
              >
                {next.label}
              </Button>
            )}
          </Group>
        </Group>
        {next && !next.isEnabled && next.disabledReason && (
          <Text size="xs" c="dimmed" mt={4}>
            {next.disabledReason}
          </Text>
        )}
      </Box>
    </>
  );
}
