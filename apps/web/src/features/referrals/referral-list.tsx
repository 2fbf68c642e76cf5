import type { TReferral } from '@app/contracts/referrals.contract';
import type { UserType } from '@app/domain/identity/access';
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import type { KeyboardEvent } from 'react';
import { useRowKeys } from '../../lib/use-row-keys';
import { ListLoadError, ListSkeleton } from '../service-requests/components/request-list';
import {
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
  const status = describeReferralStatus(referral);
  const note = userType === 'dealer' ? describeDaysRemaining(referral) : describeSpecialistAction(referral);
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
      <Group wrap="nowrap" gap="sm" align="center">
        <Text size="sm" fw={600} w={86} style={{ flex: 'none' }}>
          {formatAdded(referral.date_added)}
        </Text>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {referral.customer_name}
          </Text>
          <Text size="sm" truncate="end">
            {formatReferralVehicle(referral)}
          </Text>
          {note && (
            <Text
              size="xs"
              c={referral.expired ? 'red.9' : 'dimmed'}
              truncate="end"
              data-testid="referral-note"
            >
              {note}
            </Text>
          )}
        </Stack>
        {userType === 'dealer' && (
          <Badge color={status.color} variant="light" style={{ flex: 'none' }}>
            {status.label}
          </Badge>
        )}
      </Group>
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
    </Paper>
  );
}
