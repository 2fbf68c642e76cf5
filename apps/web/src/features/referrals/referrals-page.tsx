import { referralMessages, type TReferral } from '@app/contracts/referrals.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { Box, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiHttpError } from '../../lib/api-client';
import { isSmallScreen, readPositiveInt, withSearchChanges } from '../../lib/list-navigation';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { navigationKeys } from '../navigation/query-keys';
import { AddReferralForm } from './add-referral-form';
import { DealerReferralPanel } from './dealer-referral-panel';
import { HelpVideoModal } from './help-video-modal';
import { LeadPanel } from './lead-panel';
import { referralKeys } from './query-keys';
import { ReferralFunnel } from './referral-funnel';
import { ReferralList } from './referral-list';
import { referralHints } from './referral-texts';
import {
  claimReferral,
  createReferral,
  fetchReferralSummary,
  fetchReferrals,
  type NewReferral,
  olderReferralsAfter,
} from './referrals-api';

/**
 * The signed-in Referrals screen (R10, 001 §2.5): the list on the left, the detail, lead or add panel on the
 * right (alone on a phone). Dealers add sales and follow their funnel; installers claim leads and convert them
 * into estimates. The selection lives in the address (`?id=12`, `?new=1`), so reload and back work.
 */
export function ReferralsPage() {
  useDocumentTitle('Referrals');
  const { user } = useSession();
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusPanelNext = useRef(false);

  const userType = user?.userType ?? 'dealer';
  const isDealer = userType === 'dealer';
  const isReadOnly = user ? isReadOnlyAccess(user.access) : true;
  const selectedId = readPositiveInt(params.get('id'));
  const isAdding = isDealer && !isReadOnly && params.get('new') === '1';

  const list = useInfiniteQuery({
    queryKey: referralKeys.list(companyId, userType, isDealer ? (user?.userId ?? 0) : companyId),
    queryFn: ({ pageParam }) => fetchReferrals({ userType, userId: user?.userId ?? 0, companyId }, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderReferralsAfter,
    enabled: user !== null,
  });
  const summary = useQuery({
    queryKey: referralKeys.summary(companyId, companyId),
    queryFn: () => fetchReferralSummary(companyId),
    enabled: user !== null && isDealer,
  });

  function refreshReferrals() {
    // The menu's referral count moves with the list.
    void queryClient.invalidateQueries({ queryKey: referralKeys.ofCompany(companyId) });
    void queryClient.invalidateQueries({ queryKey: navigationKeys.ofCompany(companyId) });
  }

  function showPanel(changes: Record<string, string | null>, { replace = false } = {}) {
    if (isSmallScreen()) focusPanelNext.current = true;
    setParams((current) => withSearchChanges(current, changes), { replace });
  }

  const create = useMutation({
    mutationFn: (referral: NewReferral) => createReferral({ userId: user?.userId ?? 0, companyId }, referral),
    onSuccess: (reply) => {
      notifications.show({ color: 'green', message: referralMessages.added });
      refreshReferrals();
      showPanel({ new: null, id: String(reply.referralId) }, { replace: true });
    },
  });

  const claim = useMutation({
    mutationFn: (referralId: number) => claimReferral(referralId),
    onSuccess: () => {
      notifications.show({ color: 'green', message: referralMessages.claimed });
      refreshReferrals();
    },
    onError: (error) => {
      // Another specialist was quicker (409): the server says so, and the list no longer offers the lead.
      const isTaken = error instanceof ApiHttpError && error.status === 409;
      notifications.show({
        color: 'red',
        message: isTaken ? (error.userMessage ?? error.message) : referralMessages.claimFailed,
      });
      if (isTaken) refreshReferrals();
    },
  });

  // On a phone the list hides while a panel shows: the focus moves into the panel.
  useEffect(() => {
    if ((selectedId !== null || isAdding) && focusPanelNext.current) {
      focusPanelNext.current = false;
      panelRef.current?.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
    }
  }, [selectedId, isAdding]);

  if (!user) return null;
  const items = list.data?.pages.flat() ?? [];
  const selected = items.find((referral) => referral.referral_id === selectedId) ?? null;
  const isPanelOpen = isAdding || selected !== null;

  function closePanel() {
    const rowId = selectedId;
    create.reset();
    showPanel({ id: null, new: null });
    if (rowId !== null) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-referral-id="${rowId}"]`)?.focus(),
      );
    }
  }

  function convert(referral: TReferral) {
    navigate('/newestimate/', { state: { referral } });
  }

  const hint = isDealer ? referralHints.dealer : referralHints.installer;
  return (
    <Stack gap="md">
      <Group
        justify="space-between"
        px="md"
        py="xs"
        bg="teal.9"
        c="white"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Title order={1} size="h3">
          Referrals
        </Title>
        <Group gap="sm" wrap="wrap">
          {list.isFetching && !list.isPending && <Loader size="xs" color="white" aria-label="Refreshing" />}
          {isDealer && (
            <Button
              variant="subtle"
              color="white"
              size="compact-md"
              c="white"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => setHelpOpen(true)}
            >
              How to Add a Referral
            </Button>
          )}
          {isDealer && !isReadOnly && (
            <Button
              variant="white"
              color="dark"
              size="compact-md"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => showPanel({ new: '1', id: null })}
            >
              New Referral
            </Button>
          )}
        </Group>
      </Group>
      {/* On a phone an open panel is the whole view; the funnel comes back with the list. */}
      {isDealer && (
        <Box visibleFrom={isPanelOpen ? 'sm' : undefined}>
          <ReferralFunnel
            summary={summary.data}
            isLoading={summary.isPending}
            isError={summary.isError}
            onRetry={() => summary.refetch()}
          />
        </Box>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5 }} visibleFrom={isPanelOpen ? 'sm' : undefined}>
          <ReferralList
            userType={userType}
            items={items}
            selectedId={selectedId}
            isLoading={list.isPending}
            isError={list.isError}
            isFetching={list.isFetching}
            onRetry={() => list.refetch()}
            hasOlder={list.hasNextPage}
            isLoadingOlder={list.isFetchingNextPage}
            onShowOlder={() => list.fetchNextPage()}
            onSelect={(referralId, options) =>
              options?.isKeyboardMove
                ? setParams({ id: String(referralId) }, { replace: selectedId !== null })
                : showPanel({ id: String(referralId), new: null })
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }} visibleFrom={isPanelOpen ? undefined : 'sm'}>
          <Box
            ref={panelRef}
            tabIndex={-1}
            component="section"
            aria-label="Referral details"
            style={{ outline: 'none' }}
          >
            {isAdding ? (
              <AddReferralForm
                isSaving={create.isPending}
                saveError={create.error}
                onSave={(referral) => create.mutate(referral)}
                onCancel={closePanel}
              />
            ) : selected && isDealer ? (
              <DealerReferralPanel key={selected.referral_id} referral={selected} onClose={closePanel} />
            ) : selected ? (
              <LeadPanel
                key={selected.referral_id}
                referral={selected}
                isReadOnly={isReadOnly}
                isClaiming={claim.isPending}
                onClaim={() => claim.mutate(selected.referral_id)}
                onConvert={() => convert(selected)}
                onClose={closePanel}
              />
            ) : (
              <Paper withBorder radius="md" p="xl">
                <Text c="dimmed" ta="center">
                  {hint}
                </Text>
              </Paper>
            )}
          </Box>
        </Grid.Col>
      </Grid>
      {isDealer && <HelpVideoModal opened={isHelpOpen} onClose={() => setHelpOpen(false)} />}
    </Stack>
  );
}
