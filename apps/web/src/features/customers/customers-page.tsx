import { isReadOnlyAccess } from '@app/domain/identity/access';
import { Alert, Button, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { TypeAhead } from '../../lib/type-ahead';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CustomerEditForm } from './customer-edit-form';
import {
  type Found,
  fetchPartyJobs,
  type PartyKind,
  partyId,
  partyName,
  searchParties,
} from './customers-api';
import { DealerEditForm } from './dealer-edit-form';
import { PartyJobsModal } from './party-jobs-modal';
import { customerScreenKeys } from './query-keys';

/** Typing waits this long before it searches (one search per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 200;

/** Lookup state (002 §2.9): '' none yet, 'Y' found, 'N' not found or reset. */
type Lookup = '' | 'Y' | 'N';

/**
 * `/customers` (R19, P26): the installer's retail customers or dealerships, found by a server-side type-ahead
 * (rows 133, 134), edited in place (rows 126, 131/132, 139/140), with their jobs (SHOW JOBS, rows 135, 136).
 */
export function CustomersPage() {
  useDocumentTitle('Customers');
  const session = useSession();
  const installerId = useActingCompanyId();
  const isReadOnly = isReadOnlyAccess(session.user?.access ?? 'ASSIST');
  const navigate = useNavigate();
  const [kind, setKind] = useState<PartyKind>('customer');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [lookup, setLookup] = useState<Lookup>('');
  const [success, setSuccess] = useState<{ message: string; tone: 'success' | 'warning' } | null>(null);
  const [showJobs, setShowJobs] = useState(false);
  const [searched] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: customerScreenKeys.search(installerId, kind, searched),
    queryFn: () => searchParties(kind, installerId, searched),
    enabled: searched !== '' && found === null,
    placeholderData: keepPreviousData,
  });
  const jobs = useQuery({
    queryKey: customerScreenKeys.jobs(installerId, found?.kind ?? kind, found ? partyId(found) : 0),
    queryFn: () => (found ? fetchPartyJobs(found.kind, partyId(found), installerId) : Promise.resolve([])),
    enabled: found !== null,
  });

  function reset(next: Lookup = 'N') {
    setFound(null);
    setQuery('');
    setLookup(next);
    setShowJobs(false);
  }

  function saved(message: string, tone: 'success' | 'warning' = 'success') {
    reset();
    setSuccess({ message, tone });
    navigate('/customers', { replace: true });
  }

  const results = searched === query.trim() || search.data ? (search.data ?? []) : [];
  const noun = kind === 'customer' ? 'customer' : 'dealership';
  const actions = (
    <>
      <Button variant="default" onClick={() => reset()}>
        CANCEL
      </Button>
      {jobs.data && jobs.data.length > 0 && (
        <Button variant="light" onClick={() => setShowJobs(true)}>
          SHOW JOBS
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        Customers and Dealerships
      </Title>
      <Text c="dimmed">Manage your customer or dealership information.</Text>
      <SegmentedControl
        aria-label="Show"
        w="fit-content"
        value={kind}
        onChange={(v) => {
          setKind(v as PartyKind);
          setSuccess(null);
          reset('');
        }}
        data={[
          { value: 'customer', label: 'Retail Customers' },
          { value: 'dealer', label: 'Dealerships' },
        ]}
      />
      {success && (
        <Alert
          color={success.tone === 'success' ? 'green' : 'orange'}
          role={success.tone === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSuccess(null)}
        >
          {success.message}
        </Alert>
      )}
      <TypeAhead
        label={kind === 'customer' ? 'Search customers' : 'Search dealerships'}
        placeholder="Type a name or phone number"
        requireText
        value={query}
        onChange={(v) => {
          setQuery(v);
          setFound(null);
          setLookup('');
          setSuccess(null);
        }}
        options={results}
        optionKey={(f) => `${f.kind}-${partyId(f)}`}
        renderOption={(f) => (
          <>
            {partyName(f)}
            {f.kind === 'customer' && f.record.customer_phone_number ? (
              <Text span c="dimmed" size="sm">
                {' '}
                · {f.record.customer_phone_number}
              </Text>
            ) : null}
          </>
        )}
        emptyText="No matches"
        isSearching={search.isFetching || searched !== query.trim()}
        onPick={(f) => {
          if (!f) {
            setLookup('N');
            return;
          }
          setFound(f);
          setQuery(partyName(f));
          setLookup('Y');
        }}
      />
      {search.isError && (
        <Alert color="red" role="alert">
          Failed to search. Please try again.
        </Alert>
      )}
      {lookup === 'N' && query.trim() !== '' && (
        <Text c="dimmed" role="status">
          No {noun} found for “{query.trim()}”.
        </Text>
      )}
      {lookup === '' && !found && (
        <Text c="dimmed" size="sm">
          Type a name or phone number, then pick a {noun} with the arrow keys and Enter.
        </Text>
      )}
      {found && (
        <Paper withBorder p="md">
          {found.kind === 'customer' ? (
            <CustomerEditForm
              key={`c-${found.record.customer_id}`}
              record={found.record}
              isReadOnly={isReadOnly}
              actions={actions}
              onSaved={saved}
            />
          ) : (
            <DealerEditForm
              key={`d-${found.record.dealer_id}`}
              record={found.record}
              installerId={installerId}
              isReadOnly={isReadOnly}
              actions={actions}
              onSaved={saved}
            />
          )}
        </Paper>
      )}
      {found && (
        <PartyJobsModal
          opened={showJobs}
          onClose={() => setShowJobs(false)}
          name={partyName(found)}
          jobs={jobs.data ?? []}
          isError={jobs.isError}
        />
      )}
    </Stack>
  );
}
