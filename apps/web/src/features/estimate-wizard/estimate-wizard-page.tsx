import {
  ZCreateCustomerReply,
  ZCreateDealerReply,
  ZCustomer,
  ZDealer,
  ZZipCompletion,
} from '@app/contracts/customers.contract';
import { formatMoney } from '@app/domain/shared/money';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiHttpError, apiGet, apiPost, buildPath } from '../../lib/api-client';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { loadedJobMessage, loadPreviousJob } from '../request-wizard/previous-jobs';
import { submitRequest } from '../request-wizard/request-wizard.api';
import { VehicleStep } from '../request-wizard/vehicle-step';
import { WorkStep } from '../request-wizard/work-step';
import { lineDescription, quoteOf, toLineInput } from '../request-wizard/service-lines';
import { useServiceSelection } from '../request-wizard/use-service-selection';
import { sumDuration, vehicleCreateBody, type WizardVehicle } from '../request-wizard/wizard-rules';
import { invalidateServiceRequests } from '../service-requests/query-keys';
import { type CustomerDraft, type DealerDraft, validateCustomer, validateDealer } from './customer-forms';
import { dropOffWindow } from './drop-off';
import { DropOffPicker } from './drop-off-picker';
import {
  type Party,
  PreviousJobsModal,
  PreviousVehiclesModal,
  usePreviousJobs,
  usePreviousVehicles,
} from './previous-popups';
import { estimateWizardKeys } from './query-keys';
import { REFERRAL_ADVANCE_MS, readReferralStart } from './referral-start';

const LAST = 5;
const labels = ['Customer', 'Vehicle', 'Work', 'Notes', 'Dates'];

function errorText(error: unknown): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return 'An unexpected error occurred.';
}

const partyKey = (p: Party | null) => (p ? `${p.kind}:${p.id}` : '');

export function EstimateWizardPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const installer = session.company?.kind === 'installer' ? session.company.record : null;
  const installerId = installer?.Installer_id ?? 0;
  const [referral] = useState(() => readReferralStart(location.state));
  const [step, setStep] = useState(referral ? 2 : 1);
  const [party, setParty] = useState<Party | null>(() =>
    referral ? { kind: 'customer', id: referral.customerId, name: referral.customerName } : null,
  );
  const [vehicle, setVehicle] = useState<WizardVehicle | null>(null);
  const [vehicleKey, setVehicleKey] = useState(0);
  const [category, setCategory] = useState('Paint');
  // The caller is always the installer: discounts and custom services are its own, on dealer work too.
  const selection = useServiceSelection('installer');
  const services = selection.services;
  const [notes, setNotes] = useState('');
  const [dropOffRange] = useState(() => dropOffWindow());
  const [dropOff, setDropOff] = useState<string>(dropOffRange.earliest);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [popup, setPopup] = useState<'vehicles' | 'jobs' | null>(null);
  const offered = useRef({ vehicles: '', jobs: '' });

  const previousVehicles = usePreviousVehicles(installerId, party);
  const previousJobs = usePreviousJobs(installerId, party);
  const vehicleCount = previousVehicles.data?.length ?? 0;
  const jobCount = previousJobs.data?.length ?? 0;

  const canNext =
    step === 1 ? party !== null : step === 2 ? vehicle !== null : step === 3 ? services.length > 0 : true;

  // The previous vehicles popup opens once per customer on the Vehicle step, the previous jobs popup once
  // on the Work step (001 §2.4); both can be opened again from their step.
  useEffect(() => {
    const key = partyKey(party);
    if (!key || referral) return;
    if (step === 2 && !vehicle && vehicleCount > 0 && offered.current.vehicles !== key) {
      offered.current.vehicles = key;
      setPopup('vehicles');
    }
    if (step === 3 && services.length === 0 && jobCount > 0 && offered.current.jobs !== key) {
      offered.current.jobs = key;
      setPopup('jobs');
    }
  }, [party, referral, step, vehicle, vehicleCount, services.length, jobCount]);

  // A referral starts with its customer and vehicle and moves on to the Work step once the vehicle is
  // complete, after a short wait (001 §2.3).
  const referralAdvanced = useRef(false);
  useEffect(() => {
    if (!referral || referralAdvanced.current || step !== 2 || !vehicle) return;
    const timer = setTimeout(() => {
      referralAdvanced.current = true;
      setStep(3);
    }, REFERRAL_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [referral, step, vehicle]);

  const catalogPath = (c: string) =>
    vehicle && party
      ? `/services/${installerId}/${vehicle.size}/${party.kind === 'dealer' ? 'WHOLE' : 'RETAIL'}/${encodeURIComponent(c)}/${vehicle.trimId ?? 0}`
      : '';

  async function loadJob(requestId: number) {
    const loaded = await loadPreviousJob(requestId, catalogPath('All'), selection.mode);
    selection.replace(loaded.services, loadedJobMessage(loaded));
    setPopup(null);
  }

  async function create(mode: 'estimate' | 'book' | 'job') {
    if (!party || !vehicle) return;
    setBusy(mode);
    setError(null);
    try {
      const isDealer = party.kind === 'dealer';
      // One call: a new vehicle, the estimate or job, its lines, offer, calendar and the referral's
      // ESTIMATE_CREATED are written together or not at all.
      await submitRequest({
        requestType: isDealer ? 'dealer' : 'installer',
        requestor: party.id,
        ...(isDealer ? { dealerId: party.id } : { customerId: party.id }),
        currentState: mode === 'estimate' ? 'new' : 'scheduled',
        createdType: 'installer',
        installerCatalog: isDealer ? 'WHOLE' : 'RETAIL',
        availableDate: dropOff,
        ...(vehicle.vehicleId ? { vehicleId: vehicle.vehicleId } : { vehicle: vehicleCreateBody(vehicle) }),
        vin: vehicle.vin,
        noteText: notes.trim() || null,
        services: services.map((s) => toLineInput(s, 'installer')),
        referralId: referral?.referralId ?? null,
      });
      await invalidateServiceRequests(queryClient);
      navigate(mode === 'estimate' ? '/requestimates' : '/jobs');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  if (!installer) return <Alert m="md">New estimates are created by specialists.</Alert>;

  const quote = quoteOf(services, party?.kind === 'dealer' ? 'dealer' : 'installer');

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} maw={900} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>New Estimate</Title>
        <ActionIcon variant="subtle" size="lg" aria-label="Cancel" onClick={() => navigate('/requestimates')}>
          <span aria-hidden="true">✕</span>
        </ActionIcon>
      </Group>
      <Progress value={(step / LAST) * 100} aria-label={`Step ${step} of ${LAST}`} />
      <Text fw={600}>
        Step {step} of {LAST}: {labels[step - 1]}
      </Text>
      {referral && (
        <Text size="sm" c="dimmed" data-testid="referral-start">
          From referral #{referral.referralId} for {referral.customerName}
        </Text>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        {step === 1 && (
          <CustomerStep
            value={party}
            onChange={(p) => {
              setParty(p);
              setVehicle(null);
              setVehicleKey((k) => k + 1);
              selection.replace([]);
            }}
            installerId={installerId}
          />
        )}
        {step === 2 && (
          <Stack>
            {vehicleCount > 0 && (
              <Group justify="flex-end">
                <Button size="xs" variant="light" onClick={() => setPopup('vehicles')}>
                  Previous vehicles ({vehicleCount})
                </Button>
              </Group>
            )}
            <VehicleStep
              key={vehicleKey}
              value={vehicle}
              initialVin={referral?.vin}
              onChange={(v) => {
                setVehicle(v);
                selection.replace([]);
              }}
            />
          </Stack>
        )}
        {step === 3 && vehicle && party && (
          <WorkStep
            categoriesPath={`/categories/${installerId}`}
            servicesPath={catalogPath}
            selection={selection}
            vehicle={vehicle}
            category={category}
            onCategory={setCategory}
            onPreviousJobs={jobCount > 0 ? () => setPopup('jobs') : undefined}
          />
        )}
        {step === 4 && (
          <Textarea label="Notes" rows={4} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        )}
        {step === 5 && (
          <Stack>
            <DropOffPicker
              installerId={installerId}
              window={dropOffRange}
              value={dropOff}
              onChange={setDropOff}
            />
            <AvailabilityBanner
              installerId={installerId}
              dropOff={dropOff}
              duration={sumDuration(services)}
            />
            <Text size="sm" data-testid="estimate-summary">
              {party?.name} · {vehicle?.year} {vehicle?.make} {vehicle?.model} ·{' '}
              {services.map((s) => lineDescription(s)).join(', ')} · {formatMoney(quote.finalAmount)}
              {quote.totalDiscount > 0 ? ` (discount ${formatMoney(quote.totalDiscount)})` : ''}
            </Text>
          </Stack>
        )}
      </Paper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        {step > 1 ? (
          <Button variant="default" onClick={() => setStep(step - 1)} disabled={busy !== null}>
            PREV
          </Button>
        ) : (
          <span />
        )}
        {step < LAST ? (
          <Button disabled={!canNext} onClick={() => setStep(step + 1)}>
            NEXT
          </Button>
        ) : party?.kind === 'dealer' ? (
          <Button loading={busy === 'job'} disabled={busy !== null} onClick={() => void create('job')}>
            Create Job
          </Button>
        ) : (
          <Group>
            <Button
              variant="light"
              loading={busy === 'estimate'}
              disabled={busy !== null}
              onClick={() => void create('estimate')}
            >
              Create Estimate
            </Button>
            <Button loading={busy === 'book'} disabled={busy !== null} onClick={() => void create('book')}>
              Book Appointment
            </Button>
          </Group>
        )}
      </Group>
      <PreviousVehiclesModal
        opened={popup === 'vehicles'}
        vehicles={previousVehicles.data ?? []}
        onClose={() => setPopup(null)}
        onSelect={(v) => {
          setVehicle(v);
          setVehicleKey((k) => k + 1);
          selection.replace([]);
          setPopup(null);
        }}
      />
      <PreviousJobsModal
        opened={popup === 'jobs'}
        customer={party?.name ?? ''}
        jobs={previousJobs.data}
        isPending={previousJobs.isPending}
        isError={previousJobs.isError}
        onPick={loadJob}
        onClose={() => setPopup(null)}
      />
    </Stack>
  );
}

/** The scheduling module's answer, read loosely: only the banner's two fields. */
const ZAvailabilityBanner = z.object({ meetsDeadline: z.boolean(), warning: z.string().nullable() });

function AvailabilityBanner(props: { installerId: number; dropOff: string; duration: number }) {
  const companyId = useActingCompanyId();
  const availability = useQuery({
    queryKey: estimateWizardKeys.availability(companyId, props.installerId, props.dropOff, props.duration),
    queryFn: () =>
      apiGet(
        buildPath('/availability/:installerId', { installerId: props.installerId }),
        ZAvailabilityBanner,
        {
          query: { duration: Math.max(1, props.duration), checkDate: props.dropOff },
          isQuiet: true,
        },
      ),
  });
  // A failed fetch leaves the banner empty (001 §8).
  if (!availability.data) return null;
  const { meetsDeadline, warning } = availability.data;
  return meetsDeadline && !warning ? (
    <Alert color="green" data-testid="availability-banner">
      Available from the drop-off date.
    </Alert>
  ) : (
    <Alert color="yellow" data-testid="availability-banner">
      {warning ?? 'May need to work over normal capacity'}
    </Alert>
  );
}

const emptyCustomer: CustomerDraft = { name: '', phone: '', email: '', address: '' };
const emptyDealer: DealerDraft = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

function CustomerStep(props: {
  value: Party | null;
  onChange: (p: Party | null) => void;
  installerId: number;
}) {
  const [kind, setKind] = useState<'customer' | 'dealer'>(props.value?.kind ?? 'customer');
  const [query, setQuery] = useState(props.value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const companyId = useActingCompanyId();
  const search = useQuery({
    queryKey: estimateWizardKeys.partySearch(companyId, kind, query),
    queryFn: async () => {
      if (kind === 'customer') {
        const rows = await apiGet('/customers', z.array(ZCustomer), { query: { q: query }, isQuiet: true });
        return rows.map((c) => ({ id: c.customer_id, name: c.customer_name }));
      }
      const rows = await apiGet('/dealers', z.array(ZDealer), { query: { q: query }, isQuiet: true });
      return rows.map((d) => ({ id: d.dealerId, name: d.dealer_name }));
    },
  });
  const addLabel = kind === 'customer' ? 'Add new customer...' : 'Add new dealer...';
  const options = [...(search.data ?? []).slice(0, 50), { id: -1, name: addLabel }];

  function pick(index: number) {
    const o = options[index];
    if (!o) return;
    setOpen(false);
    if (o.id === -1) {
      setAdding(true);
      props.onChange(null);
      return;
    }
    setQuery(o.name);
    props.onChange({ kind, id: o.id, name: o.name });
  }

  return (
    <Stack>
      <Radio.Group
        label="Work for"
        value={kind}
        onChange={(v) => {
          setKind(v as 'customer' | 'dealer');
          setQuery('');
          setAdding(false);
          props.onChange(null);
        }}
      >
        <Group mt={4}>
          <Radio value="customer" label="Customer" />
          <Radio value="dealer" label="Dealer" />
        </Group>
      </Radio.Group>
      <div style={{ position: 'relative' }}>
        <TextInput
          label={kind === 'customer' ? 'Search customers' : 'Search dealers'}
          role="combobox"
          aria-expanded={open}
          aria-controls="party-listbox"
          aria-autocomplete="list"
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(options.length - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && open) {
              e.preventDefault();
              pick(active);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {open && (
          <Paper
            id="party-listbox"
            role="listbox"
            withBorder
            shadow="sm"
            style={{ position: 'absolute', zIndex: 10, left: 0, right: 0, maxHeight: 200, overflowY: 'auto' }}
          >
            {options.map((o, i) => (
              <Text
                key={o.id}
                role="option"
                aria-selected={i === active}
                p="xs"
                bg={i === active ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(i);
                }}
              >
                {o.name}
              </Text>
            ))}
          </Paper>
        )}
      </div>
      {props.value && (
        <Text fw={500} data-testid="party-summary">
          {props.value.kind === 'dealer' ? 'Dealer' : 'Customer'}: {props.value.name}
        </Text>
      )}
      {adding && kind === 'customer' && (
        <AddCustomerForm
          installerId={props.installerId}
          onCreated={(p) => {
            setAdding(false);
            setQuery(p.name);
            props.onChange(p);
          }}
        />
      )}
      {adding && kind === 'dealer' && (
        <AddDealerForm
          onCreated={(p) => {
            setAdding(false);
            setQuery(p.name);
            props.onChange(p);
          }}
        />
      )}
    </Stack>
  );
}

export function AddCustomerForm(props: { installerId: number; onCreated: (p: Party) => void }) {
  const [draft, setDraft] = useState(emptyCustomer);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = validateCustomer(draft);
  const valid = Object.keys(errors).length === 0;
  const show = (k: keyof CustomerDraft) => (touched || draft[k] !== '' ? errors[k] : undefined);
  const field = (k: keyof CustomerDraft) => ({
    value: draft[k],
    error: show(k),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [k]: e.currentTarget.value }),
  });
  async function save() {
    setTouched(true);
    if (!valid) return;
    setSaving(true);
    setError(null);
    try {
      const reply = await apiPost(
        '/customers',
        {
          customerName: draft.name,
          customerEmailAddress: draft.email,
          customerPhoneNumber: draft.phone,
          customerAddress: draft.address || null,
          owningInstaller: props.installerId,
        },
        ZCreateCustomerReply,
      );
      props.onCreated({ kind: 'customer', id: reply.customerId, name: draft.name.trim() });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Stack gap="xs" aria-label="New customer">
      <Title order={5}>New customer</Title>
      <TextInput label="Full name" {...field('name')} />
      <TextInput label="Phone" {...field('phone')} />
      <TextInput label="E-mail" {...field('email')} />
      <TextInput label="Address" {...field('address')} />
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={() => void save()} loading={saving} disabled={!valid}>
        Save customer
      </Button>
    </Stack>
  );
}

function AddDealerForm(props: { onCreated: (p: Party) => void }) {
  const [draft, setDraft] = useState(emptyDealer);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = validateDealer(draft);
  const valid = Object.keys(errors).length === 0;
  const field = (k: keyof DealerDraft) => ({
    value: draft[k],
    error: draft[k] !== '' ? errors[k] : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [k]: e.currentTarget.value }),
  });
  async function completeZip(zip: string) {
    if (zip.trim().length < 5) return;
    try {
      const found = await apiGet(buildPath('/address/zip/:zip', { zip: zip.trim() }), ZZipCompletion, {
        isQuiet: true,
      });
      setDraft((d) => ({ ...d, city: d.city || found.city, state: d.state || found.state }));
    } catch {
      // An unknown ZIP leaves city and state to the user.
    }
  }
  async function save() {
    if (!valid) return;
    setSaving(true);
    setError(null);
    try {
      const reply = await apiPost(
        '/dealers',
        {
          dealerName: draft.name,
          dealerEmail: draft.email,
          dealerPhoneNumber: draft.phone,
          dealerAddressLine1: draft.address,
          dealerAddressCity: draft.city,
          dealerAddressState: draft.state,
          dealerAddressZip: draft.zip,
        },
        ZCreateDealerReply,
      );
      props.onCreated({ kind: 'dealer', id: reply.dealerId, name: draft.name.trim() });
    } catch (e) {
      setError(`Failed to create dealer: ${errorText(e)}`);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Stack gap="xs" aria-label="New dealer">
      <Title order={5}>New dealer</Title>
      <TextInput label="Dealer name" {...field('name')} />
      <TextInput label="E-mail" {...field('email')} />
      <TextInput label="Phone" {...field('phone')} />
      <TextInput label="Address" {...field('address')} />
      <TextInput label="ZIP" {...field('zip')} onBlur={(e) => void completeZip(e.currentTarget.value)} />
      <Group grow>
        <TextInput label="City" {...field('city')} />
        <TextInput label="State" maxLength={2} {...field('state')} />
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={() => void save()} loading={saving} disabled={!valid}>
        Save dealer
      </Button>
    </Stack>
  );
}
