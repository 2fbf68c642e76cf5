import { Alert, Box, Button, Group, Paper, Rating, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { PanelButton, PanelButtonKey } from '../action-buttons';

type RequestActionsProps = {
  buttons: readonly PanelButton[];
  /** The dealer's 1–5 star score for REVIEW (shown when REVIEW is offered). */
  reviewScore: number | null;
  onReviewScoreChange: (score: number) => void;
  /** Choices some buttons need first (the installer for ASSIGN, the VIN for CHECK IN). */
  children?: ReactNode;
  /** Runs a lifecycle action (features/lifecycle); CUSTOMER CONTRACT is not one. */
  onAction: (action: Exclude<PanelButtonKey, 'customerContract'>) => void;
  /** CUSTOMER CONTRACT: opens the signed document, or the contract screen (features/customer-contract). */
  onContract?: () => void;
  /** The action being sent, its button shows a loader and the others wait. */
  pendingAction?: string | null;
};

function ActionButton({
  button,
  onPress,
  isPending,
  isBlocked,
}: {
  button: PanelButton;
  onPress: () => void;
  isPending: boolean;
  isBlocked: boolean;
}) {
  const isDelete = button.key === 'delete';
  const isReject = button.key === 'reject';
  const control = (
    <Button
      size="sm"
      variant={isDelete ? 'subtle' : isReject ? 'light' : 'filled'}
      color={isDelete || isReject ? 'red' : undefined}
      leftSection={isDelete ? <IconTrash size={16} aria-hidden /> : undefined}
      disabled={!button.isEnabled || isBlocked}
      loading={isPending}
      onClick={onPress}
      data-action={button.key}
    >
      {button.label}
    </Button>
  );
  // A disabled button gets no pointer events, so the wrapper carries the tooltip with the reason. The
  // wrapper stays when the button enables, so the button keeps its element (and the focus).
  return (
    <Tooltip label={button.disabledReason} withArrow disabled={button.isEnabled || !button.disabledReason}>
      <Box component="span" display="inline-block">
        {control}
      </Box>
    </Tooltip>
  );
}

/**
 * The action panel (000 §2, catalogue P3). Which buttons show and which are enabled comes from the
 * shared lifecycle rules; a press runs the action through features/lifecycle.
 */
export function RequestActions({
  buttons,
  reviewScore,
  onReviewScoreChange,
  children,
  onAction,
  onContract,
  pendingAction = null,
}: RequestActionsProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const hasReview = buttons.some((button) => button.key === 'review');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Actions">
      <Stack gap="sm">
        <Title order={3} size="h6" tt="uppercase" c="dimmed">
          Actions
        </Title>
        {children}
        {hasReview && (
          <Group gap="xs">
            <Text size="sm" id="review-score-label">
              Your review
            </Text>
            <Rating
              count={5}
              value={reviewScore ?? 0}
              onChange={onReviewScoreChange}
              aria-labelledby="review-score-label"
            />
          </Group>
        )}
        {buttons.length === 0 ? (
          <Text size="sm" c="dimmed">
            No actions are available for this request now.
          </Text>
        ) : (
          <Group gap="xs">
            {buttons.map((button) => (
              <ActionButton
                key={button.key}
                button={button}
                isPending={pendingAction === button.key}
                isBlocked={pendingAction !== null && pendingAction !== button.key}
                onPress={() => {
                  setNotice(null);
                  if (button.key === 'customerContract') onContract?.();
                  else onAction(button.key);
                }}
              />
            ))}
          </Group>
        )}
        {notice && (
          <Alert
            color="blue"
            variant="light"
            role="status"
            icon={<IconInfoCircle size={16} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
