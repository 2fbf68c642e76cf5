import type { TListMode } from '@app/contracts/service-requests.contract';
import { isReadOnlyAccess, type UserType } from '@app/domain/identity/access';
import { Badge, Box, Button, Grid, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isSmallScreen, readPositiveInt, withSearchChanges } from '../../../lib/list-navigation';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CalendarSelectionPrompt } from '../../calendar/connection/calendar-selection-prompt';
import { findPageViewLabel, usePageView } from '../hooks/use-page-view';
import type { PageSize } from '../hooks/use-request-list';
import { useRequestList } from '../hooks/use-request-list';
import { newWorkLinks, RequestList } from './request-list';

// The detail (actions, payments and their popups) is loaded when a row is first selected, not with the list:
// the list screen's first download stays small (issue 17).
const RequestDetailPanel = lazy(async () => ({
  default: (await import('./request-detail-panel')).RequestDetailPanel,
}));

const titles: Record<TListMode, string> = { requests: 'Requests', jobs: 'Jobs', pickups: 'Pickups' };

/** Header colour: orange for requests and pickups, blue for jobs (000 §2, K90). */
const headerColors: Record<TListMode, string> = { requests: 'orange', jobs: 'blue', pickups: 'orange' };

/**
 * '+ New Request' (dealers) / '+ New Estimate' (installers) in the list header of every mode, not only in
 * the empty list (000 §2 Links, 001 §2.1); ASSIST users create nothing, so they do not see it.
 */
function NewWorkLink({ userType }: { userType: UserType }) {
  const link = newWorkLinks[userType];
  return (
    <Button
      component={Link}
      to={link.to}
      variant="white"
      color="dark"
      size="compact-md"
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      {link.label}
    </Button>
  );
}

/**
 * The list and detail screen in its three modes (000 §2): `/requestimates`, `/jobs`, `/pickups`.
 * The selection, page and page size live in the address (`?id=123&page=2&per=50`), so reload and
 * back work.
 */
export function ServiceRequestsPage({ mode }: { mode: TListMode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const detailRef = useRef<HTMLDivElement>(null);
  const focusDetailNext = useRef(false);
  const focusRowNext = useRef<number | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const title = titles[mode];
  useDocumentTitle(title);
  // The signed-in guard renders this page only with a user.
  const userType = user?.userType ?? 'dealer';
  usePageView(findPageViewLabel(userType, mode), pathname);

  const selectedId = readPositiveInt(params.get('id'));
  const page = readPositiveInt(params.get('page')) ?? 1;
  const pageSize: PageSize = params.get('per') === '50' ? 50 : 25;
  const list = useRequestList(user?.companyId ?? 0, mode, pageSize, page);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  function updateParams(changes: Record<string, string | null>, { replace = false } = {}) {
    setParams((current) => withSearchChanges(current, changes), { replace });
  }

  // A page past the end (rows went away, or an old link): show the last page instead.
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > pageCount) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (pageCount === 1) next.delete('page');
          else next.set('page', String(pageCount));
          return next;
        },
        { replace: true },
      );
    }
  }, [list.isSuccess, list.isPlaceholderData, page, pageCount, setParams]);

  // On a small screen the list hides on selection: the focus moves to the details, and back to the
  // row when the details close.
  useEffect(() => {
    if (selectedId !== null && focusDetailNext.current) {
      focusDetailNext.current = false;
      // The list above is gone: start the details at the top, below the fixed header.
      detailRef.current?.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
    }
    if (selectedId === null && focusRowNext.current !== null) {
      const rowId = focusRowNext.current;
      focusRowNext.current = null;
      document.querySelector<HTMLElement>(`[data-request-id="${rowId}"]`)?.focus();
    }
  }, [selectedId]);

  if (!user) return null;
  const isReadOnly = isReadOnlyAccess(user.access);
  const listRow = items.find((item) => item.requestId === selectedId) ?? null;

  function selectRow(requestId: number, { isKeyboardMove = false } = {}) {
    if (!isKeyboardMove && isSmallScreen()) focusDetailNext.current = true;
    // Arrow keys walk the rows: one history entry for the walk, not one per row.
    updateParams({ id: String(requestId) }, { replace: isKeyboardMove && selectedId !== null });
  }

  function closeDetails() {
    focusRowNext.current = selectedId;
    updateParams({ id: null });
  }

  // An action moved the request to another list (its message links there): the details close, and the
  // focus, whose button is gone, goes to the list's title.
  function closeLeftDetails() {
    updateParams({ id: null });
    titleRef.current?.focus();
  }

  const color = headerColors[mode];
  return (
    <Stack gap="md">
      {!isReadOnly && user.userType === 'installer' && (
        <CalendarSelectionPrompt installerId={user.companyId} />
      )}
      <Group
        justify="space-between"
        px="md"
        py="xs"
        bg={`${color}.${color === 'orange' ? 8 : 7}`}
        c="white"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        data-header-color={color}
      >
        <Group gap="sm">
          <Title order={1} size="h3" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
          {list.isSuccess && (
            <Badge color="white" c="dark.8" variant="filled" aria-label={`${total} in total`}>
              {total}
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {list.isFetching && !list.isPending && <Loader size="xs" color="white" aria-label="Refreshing" />}
          {!isReadOnly && <NewWorkLink userType={user.userType} />}
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }} visibleFrom={selectedId !== null ? 'sm' : undefined}>
          <RequestList
            mode={mode}
            userType={user.userType}
            isReadOnly={isReadOnly}
            items={items}
            total={total}
            page={page}
            pageSize={pageSize}
            selectedId={selectedId}
            isLoading={list.isPending}
            isError={list.isError}
            isFetching={list.isFetching}
            onRetry={() => list.refetch()}
            onSelect={selectRow}
            onPageChange={(next) => updateParams({ page: next === 1 ? null : String(next) })}
            onPageSizeChange={(size) => updateParams({ per: size === 25 ? null : String(size), page: null })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }} visibleFrom={selectedId === null ? 'sm' : undefined}>
          <Box
            ref={detailRef}
            tabIndex={-1}
            aria-label="Request details"
            component="section"
            style={{ outline: 'none' }}
          >
            {selectedId !== null ? (
              <Suspense
                fallback={
                  <Skeleton height={320} radius="md" role="status" aria-label="Loading the request" />
                }
              >
                <RequestDetailPanel
                  key={selectedId}
                  requestId={selectedId}
                  listRow={listRow}
                  onClose={closeDetails}
                  listMode={mode}
                  onLeftList={closeLeftDetails}
                />
              </Suspense>
            ) : (
              <Paper withBorder radius="md" p="xl">
                <Text c="dimmed" ta="center">
                  Choose a row to see its details.
                </Text>
              </Paper>
            )}
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
