import type { TListMode, TRequestimate } from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useRowKeys } from '../../../lib/use-row-keys';
import type { PageSize } from '../hooks/use-request-list';
import { pageSizes } from '../hooks/use-request-list';
import { findCounterpartName, formatListDate, formatVehicle } from '../request-format';
import { RequestStateIcon } from './request-state-icon';

type RequestListProps = {
  mode: TListMode;
  userType: UserType;
  /** ASSIST: no create prompt. */
  isReadOnly: boolean;
  items: readonly TRequestimate[];
  total: number;
  page: number;
  pageSize: PageSize;
  selectedId: number | null;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
  onSelect: (requestId: number, options?: { isKeyboardMove?: boolean }) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
};

const listNames: Record<TListMode, string> = {
  requests: 'Requests list',
  jobs: 'Jobs list',
  pickups: 'Pickups list',
};

const emptyTexts: Record<TListMode, string> = {
  requests: 'There are no open requests or estimates here.',
  jobs: 'There are no booked jobs here.',
  pickups: 'There are no finished jobs waiting for pickup.',
};

/** Selected row: orange for dealer-type requests, green otherwise (000 §2, K90). */
function selectedColor(request: TRequestimate): string {
  return request.requestType === 'dealer' ? 'orange' : 'green';
}

/** Where a user starts new work, and the button's label (000 §2 Links, 001 §2.1). */
export const newWorkLinks: Record<UserType, { to: string; label: string; prompt: string }> = {
  dealer: {
    to: '/newrequestimates/',
    label: 'New Request',
    prompt: 'Send installers your next piece of work.',
  },
  installer: { to: '/newestimate/', label: 'New Estimate', prompt: 'Write up an estimate for a customer.' },
};

function CreatePrompt({ userType }: { userType: UserType }) {
  const link = newWorkLinks[userType];
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{link.prompt}</Text>
      <Button component={Link} to={link.to} leftSection={<IconPlus size={16} aria-hidden />}>
        {link.label}
      </Button>
    </Stack>
  );
}

/** Rows of grey bars while a list loads (shared with the Referrals screen). */
export function ListSkeleton() {
  return (
    <Stack gap={0} aria-label="Loading the list" role="status" p="sm">
      {[0, 1, 2, 3, 4].map((key) => (
        <Group key={key} py="sm" gap="sm" wrap="nowrap">
          <Skeleton height={14} width={70} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={14} width="70%" />
            <Skeleton height={12} width="50%" />
          </Stack>
          <Skeleton height={28} circle />
        </Group>
      ))}
    </Stack>
  );
}

/** A list that did not load, with Retry (shared with the Referrals screen). */
export function ListLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title} m="sm">
      <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

function RequestRow({
  request,
  userType,
  isSelected,
  onSelect,
  onKeyDown,
  buttonRef,
}: {
  request: TRequestimate;
  userType: UserType;
  isSelected: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
}) {
  const color = selectedColor(request);
  const counterpart = findCounterpartName(userType, request);
  return (
    <UnstyledButton
      ref={buttonRef}
      w="100%"
      px="sm"
      py={10}
      aria-current={isSelected ? 'true' : undefined}
      data-request-id={request.requestId}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      bg={isSelected ? `var(--mantine-color-${color}-1)` : undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        borderLeft: `4px solid ${isSelected ? `var(--mantine-color-${color}-6)` : 'transparent'}`,
      }}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <Text size="sm" fw={600} w={86} style={{ flex: 'none' }}>
          {formatListDate(request.availableDate)}
        </Text>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {request.serviceRequested || 'Service not given'}
          </Text>
          <Text size="sm" truncate="end">
            {formatVehicle(request)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {counterpart ?? (userType === 'dealer' ? 'No installer yet' : '—')}
          </Text>
        </Stack>
        <RequestStateIcon state={request.currentState} />
      </Group>
    </UnstyledButton>
  );
}

/** The paged list on the left of the screen (000 §2). */
export function RequestList(props: RequestListProps) {
  const { items, selectedId, onSelect, userType } = props;
  const pageCount = Math.max(1, Math.ceil(props.total / props.pageSize));
  const firstShown = props.total === 0 ? 0 : (props.page - 1) * props.pageSize + 1;
  const lastShown = Math.min(props.total, props.page * props.pageSize);

  // Arrow keys move the selection along the rows (and the focus with it); Home and End jump.
  const rowKeys = useRowKeys(items, (request) => request.requestId, onSelect);

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {props.isLoading && <ListSkeleton />}

      {props.isError && !props.isLoading && (
        <ListLoadError title="The list could not be loaded" onRetry={props.onRetry} />
      )}

      {!props.isLoading && !props.isError && items.length === 0 && (
        <Stack p="md" gap="sm">
          <Text c="dimmed">{emptyTexts[props.mode]}</Text>
          {!props.isReadOnly && <CreatePrompt userType={userType} />}
        </Stack>
      )}

      {!props.isLoading && items.length > 0 && (
        <>
          <ul
            aria-label={listNames[props.mode]}
            aria-busy={props.isFetching}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((request, index) => (
              <li key={request.requestId}>
                <RequestRow
                  request={request}
                  userType={userType}
                  isSelected={request.requestId === selectedId}
                  onSelect={() => onSelect(request.requestId)}
                  onKeyDown={rowKeys.keyDownFor(index)}
                  buttonRef={rowKeys.refFor(request.requestId)}
                />
              </li>
            ))}
          </ul>
          <Group justify="space-between" gap="xs" p="sm" wrap="wrap">
            <Text size="xs" c="dimmed">
              {firstShown}–{lastShown} of {props.total}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <NativeSelect
                size="xs"
                aria-label="Rows per page"
                value={String(props.pageSize)}
                data={pageSizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
                onChange={(event) => props.onPageSizeChange(Number(event.currentTarget.value) as PageSize)}
              />
              {pageCount > 1 && (
                <Pagination
                  size="sm"
                  total={pageCount}
                  value={props.page}
                  onChange={props.onPageChange}
                  aria-label="Pages"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              )}
            </Group>
          </Group>
        </>
      )}
    </Paper>
  );
}
