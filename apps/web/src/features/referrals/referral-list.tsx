import type { TReferral } from '@app/contracts/referrals.contract';
import type { UserType } from '@app/domain/identity/access';
import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import type { KeyboardEvent } from 'react';
import { useRowKeys } from '../../lib/use-row-keys';
import { ListLoadError, ListSkeleton } from '../service-requests/components/request-list';
import {
  canConvert,
  describeDaysRemaining,
  describeReferralStatus,
  describeSpecialistAction,
  formatReferralVehicle,
  parseReferralDate,
  referralHints,
} from './referral-texts';

type ReferralListProps = {
  userType: UserType;
  items: readonly TReferral[];
  selectedId: number | null;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
  /** Older referrals exist beyond the pages shown (the list is read a page at a time, newest first). */
  hasOlder?: boolean;
  isLoadingOlder?: boolean;
  onShowOlder?: () => void;
  onSelect: (referralId: number, options?: { isKeyboardMove?: boolean }) => void;
};

/** 'Mon Jan 5' in the viewer's time zone, like the request lists (K15). */
function formatAdded(value: string): string {
  const date = parseReferralDate(value);
  return date ? dayjs(date).format('ddd MMM D') : '—';
}

function ReferralRow({
  referral,
  userType,
  isSelected,
  onSelect,
  onKeyDown,
  buttonRef,
}: {
  referral: TReferral;
  userType: UserType;
  isSelected: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
}) {
  // Dealers see the referral's status and the days left; installers what they can do with the lead.
  const badge =
    userType === 'dealer'
      ? describeReferralStatus(referral)
      : {
          label: describeSpecialistAction(referral),
          color:
            referral.specialist_action === 'available' ? 'orange' : canConvert(referral) ? 'teal' : 'gray',
        };
  const timeLeft = userType === 'dealer' ? describeDaysRemaining(referral) : null;
  return (
    <UnstyledButton
      ref={buttonRef}
      w="100%"
      px="sm"
      py={10}
      aria-current={isSelected ? 'true' : undefined}
      data-referral-id={referral.referral_id}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      bg={isSelected ? 'var(--mantine-color-teal-0)' : undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        borderLeft: `4px solid ${isSelected ? 'var(--mantine-color-teal-7)' : 'transparent'}`,
      }}
    >
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }}>
            {referral.customer_name}
          </Text>
          <Badge color={badge.color} variant="light" size="sm" style={{ flex: 'none' }}>
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm" truncate="end">
          {formatReferralVehicle(referral)}
        </Text>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Added {formatAdded(referral.date_added)}
          </Text>
          {timeLeft && (
            <>
              <Text size="xs" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text size="xs" fw={600} c={referral.expired ? 'red.9' : 'teal.9'} data-testid="referral-note">
                {timeLeft}
              </Text>
            </>
          )}
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

/** The referrals on the left of the screen (001 §2.5). */
export function ReferralList(props: ReferralListProps) {
  const { items, selectedId, onSelect, userType } = props;
  const rowKeys = useRowKeys(items, (referral) => referral.referral_id, onSelect);
  const listName = userType === 'dealer' ? 'Your referrals' : 'Available Referrals';

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Group px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={2} size="h5">
          {listName}
        </Title>
      </Group>
      {props.isLoading && <ListSkeleton />}
      {props.isError && !props.isLoading && (
        <ListLoadError title="The referrals could not be loaded" onRetry={props.onRetry} />
      )}

      {!props.isLoading && !props.isError && items.length === 0 && (
        <Text c="dimmed" p="md">
          {userType === 'dealer' ? referralHints.dealerEmpty : referralHints.installerEmpty}
        </Text>
      )}

      {!props.isLoading && !props.isError && items.length > 0 && (
        <ul
          aria-label={listName}
          aria-busy={props.isFetching}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {items.map((referral, index) => (
            <li key={referral.referral_id}>
              <ReferralRow
                referral={referral}
                userType={userType}
                isSelected={referral.referral_id === selectedId}
                onSelect={() => onSelect(referral.referral_id)}
                onKeyDown={rowKeys.keyDownFor(index)}
                buttonRef={rowKeys.refFor(referral.referral_id)}
              />
            </li>
          ))}
        </ul>
      )}
      {props.hasOlder && !props.isError && (
        <Group justify="center" p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={props.isLoadingOlder}
            onClick={props.onShowOlder}
          >
            Show older referrals
          </Button>
        </Group>
      )}
    </Paper>
  );
}
