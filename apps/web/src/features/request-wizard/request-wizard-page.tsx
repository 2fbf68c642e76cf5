import { ZCatalogService, ZCategory } from '@app/contracts/catalog.contract';
import { ZProximityInstaller, ZTeamContact } from '@app/contracts/customers.contract';
import {
  formatDuplicateConfirmation,
  requestCreationPaths,
  type TCreateRequestReply,
  type TDuplicateEntry,
  ZDuplicateEntry,
} from '@app/contracts/request-creation.contract';
import { serviceRequestPaths, ZRequestimate } from '@app/contracts/service-requests.contract';
import { ZMake, ZModel, ZTrim, ZVinReply } from '@app/contracts/vehicles.contract';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import { formatMoney } from '@app/domain/shared/money';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Stepper,
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
import { wireDollarsToCents } from '../../lib/money';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { invalidateServiceRequests, serviceRequestKeys } from '../service-requests/query-keys';
import { loadedJobMessage, loadPreviousJob, PreviousJobsTable } from './previous-jobs';
import { requestWizardKeys } from './query-keys';
import { submitRequest } from './request-wizard.api';
import { CustomServiceDialog, DiscountDialog } from './service-dialogs';
import { isPendingCustom, lineCost, lineDescription, toLineInput } from './service-lines';
import { type ServiceSelection, useServiceSelection } from './use-service-selection';
import {
  canAdvance,
  categoryFromHint,
  dealerYears,
  LAST_STEP,
  MAX_REFERENCE_NUMBER,
  PREVIOUS_JOB_STEP,
  proposeDueDate,
  sumDuration,
  vehicleCreateBody,
  type WizardVehicle,
} from './wizard-rules';

const stepLabels = ['Specialist', 'Vehicle', 'Work', 'Notes', 'Dates'];
export const VIN_MESSAGE = 'VIN # must be 17 characters (letters and numbers, excluding I, O, Q)';

function errorText(error: unknown): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return 'An unexpected error occurred.';
}

type Ending = { requestId: number; totals: TCreateRequestReply['totals']; contract: boolean };

export function RequestWizardPage(props: { hint?: string | null }) {
  const location = useLocation();
  const hint = props.hint ?? (location.state as { hint?: string } | null)?.hint ?? null;
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dealer = session.company?.kind === 'dealer' ? session.company.record : null;
  const dealerId = dealer?.dealer_id ?? 0;

  const [step, setStep] = useState(1);
  const [category, setCategory] = useState(() => categoryFromHint(hint));
  const [specialist, setSpecialist] = useState<number | null>(null);
  const [vehicle, setVehicle] = useState<WizardVehicle | null>(null);
  const selection = useServiceSelection('dealer');
  const services = selection.services;
  const [notes, setNotes] = useState('');
  const [stockNumber, setStockNumber] = useState('');
  const [dealNumber, setDealNumber] = useState('');
  const [contactId, setContactId] = useState<string | null>(null);
  const [availableDate, setAvailableDate] = useState(() => toLocalIsoDate(new Date()));
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [duplicates, setDuplicates] = useState<TDuplicateEntry[] | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);

  const duration = sumDuration(services);
  const proposedDue = proposeDueDate(availableDate, duration);
  const effectiveDue = dueDate && dueDate >= proposedDue ? dueDate : proposedDue;

  const gate = { specialist, vehicle, services };
  const canNext = step !== PREVIOUS_JOB_STEP && canAdvance(step, gate);
  /** Step 99 is shown as the Work step in the progress. */
  const shownStep = step === PREVIOUS_JOB_STEP ? 3 : step;

  async function createRequest() {
    if (!vehicle) return;
    setIsSending(true);
    setSendError(null);
    try {
      // One call: the vehicle, request, lines, note, offers and e-mails are created together or not at all.
      const reply = await submitRequest({
        requestType: 'dealer',
        requestor: dealerId,
        dealerId,
        assignedTo: specialist ?? 0,
        availableDate,
        dueDate: effectiveDue,
        vehicle: { ...vehicleCreateBody(vehicle), stock_number: stockNumber || null },
        vin: vehicle.vin,
        createdType: 'dealer',
        installerCatalog: 'WHOLE',
        stock_number: stockNumber || null,
        deal_number: dealNumber || null,
        noteText: notes.trim() || null,
        services: services.map((s) => toLineInput(s, 'dealer')),
        matchAndNotify: true,
        notifyContactId: contactId ? Number(contactId) : null,
      });
      await invalidateServiceRequests(queryClient);
      setEnding({
        requestId: reply.requestId,
        totals: reply.totals,
        contract: (dealer?.customer_contract ?? 'N') !== 'N',
      });
    } catch (error) {
      setSendError(errorText(error));
    } finally {
      setIsSending(false);
    }
  }

  async function send() {
    if (!vehicle) return;
    setIsSending(true);
    setSendError(null);
    let found: TDuplicateEntry[] = [];
    try {
      found = await apiPost(
        requestCreationPaths.duplicate,
        {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          trim: vehicle.trim,
          vin: vehicle.vin,
          userType: 'dealer',
          userId: dealerId,
        },
        z.array(ZDuplicateEntry),
        { isQuiet: true },
      );
    } catch {
      found = []; // a failed check counts as none
    }
    if (found.length > 0) {
      setIsSending(false);
      setDuplicates(found);
      return;
    }
    await createRequest();
  }

  function goNext() {
    if (!canNext) return;
    if (step === LAST_STEP) void send();
    else setStep((s) => Math.min(LAST_STEP, s + 1));
  }

  function goPrevious() {
    // Step 99 (services from a previous job) returns to the Work step.
    setStep((s) => (s === PREVIOUS_JOB_STEP ? 3 : Math.max(1, s - 1)));
  }

  const catalogPath = (c: string) =>
    vehicle
      ? `/services/${specialist ?? 0}/${vehicle.size}/WHOLE/${encodeURIComponent(c)}/${dealerId}/${vehicle.trimId ?? 0}`
      : '';

  if (!dealer) {
    return (
      <Alert color="yellow" m="md">
        New requests are created by dealerships.
      </Alert>
    );
  }

  if (ending) {
    return (
      <Stack p="md" maw={640} mx="auto" data-testid="request-ending">
        <Title order={2}>
          {ending.contract ? "Let's create the customer contract" : "We'll take it from here"}
        </Title>
        <Text>
          Request #{ending.requestId} was sent. Total{' '}
          {formatMoney(wireDollarsToCents(ending.totals.requestTotal))} for {ending.totals.serviceRequested}.
        </Text>
        <Group>
          <Button
            onClick={() =>
              navigate(ending.contract ? `/contract/${ending.requestId}` : '/requestimates', {
                replace: true,
              })
            }
          >
            {ending.contract ? 'Create contract' : 'Back to requests'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} maw={900} mx="auto" gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>New Request</Title>
        <ActionIcon variant="subtle" size="lg" aria-label="Close" onClick={() => navigate('/requestimates')}>
          <span aria-hidden="true">✕</span>
        </ActionIcon>
      </Group>
      <Text hiddenFrom="sm" fw={600} aria-live="polite">
        Step {shownStep} of {LAST_STEP}: {stepLabels[shownStep - 1]}
      </Text>
      <Stepper active={shownStep - 1} size="xs" allowNextStepsSelect={false} visibleFrom="sm">
        {stepLabels.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        {step === 1 && (
          <SpecialistStep
            dealerId={dealerId}
            preferredOnly={dealer.vendor_visibility_mode === 'preferred'}
            category={category}
            onCategory={setCategory}
            value={specialist}
            onChange={(id) => {
              setSpecialist(id);
              selection.replace([]);
            }}
          />
        )}
        {step === 2 && (
          <VehicleStep
            value={vehicle}
            onChange={(v) => {
              setVehicle(v);
              selection.replace([]);
            }}
          />
        )}
        {step === 3 && vehicle && (
          <WorkStep
            categoriesPath={`/categories/${specialist ?? 0}`}
            servicesPath={catalogPath}
            selection={selection}
            vehicle={vehicle}
            category={category}
            onCategory={setCategory}
            onPreviousJobs={() => setStep(PREVIOUS_JOB_STEP)}
          />
        )}
        {step === PREVIOUS_JOB_STEP && vehicle && (
          <DealerPreviousJobsStep
            onPick={async (requestId) => {
              const loaded = await loadPreviousJob(requestId, catalogPath('All'), 'dealer');
              selection.replace(loaded.services, loadedJobMessage(loaded));
              setStep(3);
            }}
          />
        )}
        {step === 4 && (
          <NotesStep
            dealerId={dealerId}
            notes={notes}
            onNotes={setNotes}
            stockNumber={stockNumber}
            onStock={setStockNumber}
            dealNumber={dealNumber}
            onDeal={setDealNumber}
            contactId={contactId}
            onContact={setContactId}
          />
        )}
        {step === 5 && (
          <Stack>
            <TextInput
              type="date"
              label="Available"
              min={toLocalIsoDate(new Date())}
              value={availableDate}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (value && value >= toLocalIsoDate(new Date())) setAvailableDate(value);
              }}
            />
            <TextInput
              type="date"
              label="Needed by"
              min={proposedDue}
              value={effectiveDue}
              onChange={(e) => setDueDate(e.currentTarget.value || null)}
              description={`Proposed: available date + ${Math.max(1, Math.round(duration))} day(s)`}
            />
            <Text size="sm" c="dimmed">
              {vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.trim ?? ''}` : ''} ·{' '}
              {services.map((s) => lineDescription(s)).join(', ')}
            </Text>
          </Stack>
        )}
      </Paper>
      {sendError && (
        <Alert color="red" role="alert">
          {sendError}
        </Alert>
      )}
      <Group justify="space-between">
        {step > 1 ? (
          <Button variant="default" onClick={goPrevious} disabled={isSending}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {step !== PREVIOUS_JOB_STEP && (
          <Button onClick={goNext} disabled={!canNext || isSending} loading={isSending}>
            {step === LAST_STEP ? 'Send Request' : 'Next'}
          </Button>
        )}
      </Group>
      <Modal
        opened={duplicates !== null}
        onClose={() => setDuplicates(null)}
        title="Possible duplicate"
        centered
      >
        {duplicates && vehicle && (
          <Stack>
            <Text data-testid="duplicate-text">{formatDuplicateConfirmation(vehicle, duplicates)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDuplicates(null)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  setDuplicates(null);
                  void createRequest();
                }}
              >
                Continue
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** The fields of the dealer's list (GET /requestimates/list/) that step 99 shows. */
const ZPreviousRequests = z.object({
  items: z.array(
    ZRequestimate.pick({
      requestId: true,
      availableDate: true,
      vehicleYear: true,
      vehicleMake: true,
      vehicleModel: true,
      serviceRequested: true,
      requestTotal: true,
      currentState: true,
    }),
  ),
});

const PREVIOUS_JOBS_LIMIT = 50;

/** Step 99 (001 §2.2): the dealer's previous requests; loading one fills the Work step with its services. */
function DealerPreviousJobsStep(props: { onPick: (requestId: number) => Promise<void> }) {
  const companyId = useActingCompanyId();
  const list = useQuery({
    queryKey: serviceRequestKeys.previousJobs(companyId, PREVIOUS_JOBS_LIMIT),
    queryFn: () =>
      apiGet(serviceRequestPaths.list, ZPreviousRequests, {
        query: { limit: PREVIOUS_JOBS_LIMIT },
        isQuiet: true,
      }),
  });
  const rows = list.data?.items
    .slice()
    .sort((a, b) => b.availableDate.localeCompare(a.availableDate))
    .map((r) => ({
      requestId: r.requestId,
      availableDate: r.availableDate,
      vehicle: [r.vehicleYear, r.vehicleMake, r.vehicleModel].filter((p) => p !== null).join(' '),
      serviceRequested: r.serviceRequested,
      total: r.requestTotal,
      state: r.currentState,
    }));
  return (
    <Stack>
      <Title order={4}>Services from a previous job</Title>
      <PreviousJobsTable
        rows={rows}
        isPending={list.isPending}
        isError={list.isError}
        caption="Select the job to load the services"
        onPick={props.onPick}
      />
    </Stack>
  );
}

function SpecialistStep(props: {
  dealerId: number;
  preferredOnly: boolean;
  category: string;
  onCategory: (c: string) => void;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const companyId = useActingCompanyId();
  const specialists = useQuery({
    queryKey: requestWizardKeys.specialists(companyId, props.dealerId),
    queryFn: () =>
      apiGet(
        buildPath('/installerProximity/:dealerId/:category', { dealerId: props.dealerId, category: 'All' }),
        z.array(ZProximityInstaller),
        { isQuiet: true },
      ),
  });
  const list = (specialists.data ?? []).filter((s) => !props.preferredOnly || s.dealer_preferred === 1);
  if (specialists.isPending) return <Loader size="sm" aria-label="Loading specialists" />;
  const options = [
    { value: '0', label: `Any (${list.length})` },
    ...list.map((s) => ({
      value: String(s.Installer_id),
      label: `${s.Installer_Name}${s.distance_miles !== null ? ` · ${Math.round(s.distance_miles)} mi` : ''}`,
    })),
  ];
  return (
    <Stack>
      <Title order={4}>Choose a specialist</Title>
      {list.length === 0 && (
        <Alert color="yellow">
          No specialists available. No specialists found for the selected category.
        </Alert>
      )}
      <Select
        label="Specialist"
        data={options}
        value={props.value === null ? null : String(props.value)}
        onChange={(v) => props.onChange(v === null ? null : Number(v))}
        allowDeselect={false}
        placeholder="Choose a specialist"
      />
    </Stack>
  );
}

export function VehicleStep({
  value,
  onChange,
  initialVin,
}: {
  value: WizardVehicle | null;
  onChange: (v: WizardVehicle | null) => void;
  /** A VIN to decode at once (a referral's vehicle). */
  initialVin?: string | null;
}) {
  const [vin, setVin] = useState(value?.vin ?? normalizeVin(initialVin ?? ''));
  const [decodeError, setDecodeError] = useState<string | null>(null);
  const [isDecoding, setIsDecoding] = useState(false);
  const [year, setYear] = useState<string | null>(value ? String(value.year) : null);
  const [makeId, setMakeId] = useState<string | null>(value?.makeId ? String(value.makeId) : null);
  const [modelId, setModelId] = useState<string | null>(value?.modelId ? String(value.modelId) : null);
  const [trimId, setTrimId] = useState<string | null>(value?.trimId ? String(value.trimId) : null);
  const [decodedNames, setDecodedNames] = useState<{
    make: string;
    model: string;
    trim: string | null;
  } | null>(value ? { make: value.make, model: value.model, trim: value.trim } : null);
  const normalized = normalizeVin(vin);
  const vinValid = isValidVin(normalized);

  const companyId = useActingCompanyId();
  const makes = useQuery({
    queryKey: requestWizardKeys.makes(companyId, year),
    queryFn: () => apiGet(`/makes/${year}`, z.array(ZMake), { isQuiet: true }),
    enabled: year !== null,
  });
  const models = useQuery({
    queryKey: requestWizardKeys.models(companyId, year, makeId),
    queryFn: () => apiGet(`/models/${year}${makeId}`, z.array(ZModel), { isQuiet: true }),
    enabled: year !== null && makeId !== null,
  });
  const trims = useQuery({
    queryKey: requestWizardKeys.trims(companyId, modelId, year),
    queryFn: () => apiGet(`/trims/${modelId}`, z.array(ZTrim), { query: { year }, isQuiet: true }),
    enabled: modelId !== null,
  });

  function withDecoded(
    options: { value: string; label: string }[],
    id: string | null,
    name: string | null | undefined,
  ) {
    if (!id || !name || options.some((o) => o.value === id)) return options;
    return [{ value: id, label: name }, ...options];
  }

  function choose(next: {
    year: string | null;
    makeId: string | null;
    modelId: string | null;
    trimId: string | null;
  }) {
    setYear(next.year);
    setMakeId(next.makeId);
    setModelId(next.modelId);
    setTrimId(next.trimId);
    const make = makes.data?.find((m) => String(m.id_car_make) === next.makeId);
    const model = models.data?.find((m) => String(m.id_car_model) === next.modelId);
    const trim = trims.data?.find((t) => String(t.id_car_trim) === next.trimId);
    if (next.year && make && model && trim) {
      onChange({
        vin: vinValid ? normalized : null,
        year: Number(next.year),
        make: make.name,
        model: model.name,
        trim: trim.name,
        makeId: make.id_car_make,
        modelId: model.id_car_model,
        trimId: trim.id_car_trim,
        size: trim.id_car_type ?? model.vehicleSize,
        bodyStyle: trim.body_style,
      });
    } else onChange(null);
  }

  async function decode() {
    if (!vinValid) return;
    setIsDecoding(true);
    setDecodeError(null);
    try {
      const reply = await apiGet('/vin/', ZVinReply, { query: { Id: normalized }, isQuiet: true });
      const result = reply.Results[0];
      const decodedYear = Number(result?.ModelYear);
      if (!result?.make_name || !result.model_name || !Number.isFinite(decodedYear)) {
        setDecodeError('This VIN could not be decoded. Please choose the year, make, model and trim.');
        return;
      }
      setDecodedNames({ make: result.make_name, model: result.model_name, trim: result.trim_name });
      setYear(String(decodedYear));
      setMakeId(result.id_car_make ? String(result.id_car_make) : null);
      setModelId(result.id_car_model ? String(result.id_car_model) : null);
      setTrimId(result.id_car_trim ? String(result.id_car_trim) : null);
      onChange({
        vin: normalized,
        year: decodedYear,
        make: result.make_name,
        model: result.model_name,
        trim: result.trim_name,
        makeId: result.id_car_make,
        modelId: result.id_car_model,
        trimId: result.id_car_trim,
        size: result.size,
        bodyStyle: result.body_style,
      });
    } catch (error) {
      setDecodeError(errorText(error));
    } finally {
      setIsDecoding(false);
    }
  }

  const decodeOnMount = useRef(value === null && vinValid && Boolean(initialVin));
  useEffect(() => {
    if (!decodeOnMount.current) return;
    decodeOnMount.current = false;
    void decode();
  });

  return (
    <Stack>
      <Title order={4}>Vehicle</Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="VIN #"
          value={vin}
          maxLength={17}
          style={{ flex: '1 1 220px' }}
          onChange={(e) => setVin(e.currentTarget.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void decode();
          }}
          error={vin !== '' && !vinValid ? VIN_MESSAGE : undefined}
        />
        <Button onClick={() => void decode()} disabled={!vinValid} loading={isDecoding}>
          Decode VIN
        </Button>
      </Group>
      {decodeError && <Alert color="yellow">{decodeError}</Alert>}
      <Text size="sm" c="dimmed">
        Or choose the vehicle:
      </Text>
      <Group grow wrap="wrap">
        <Select
          label="Year"
          searchable
          data={dealerYears().map(String)}
          value={year}
          onChange={(v) => choose({ year: v, makeId: null, modelId: null, trimId: null })}
        />
        <Select
          label="Make"
          searchable
          disabled={!year}
          data={withDecoded(
            (makes.data ?? []).map((m) => ({ value: String(m.id_car_make), label: m.name })),
            makeId,
            decodedNames?.make,
          )}
          value={makeId}
          onChange={(v) => choose({ year, makeId: v, modelId: null, trimId: null })}
        />
      </Group>
      <Group grow wrap="wrap">
        <Select
          label="Model"
          searchable
          disabled={!makeId}
          data={withDecoded(
            (models.data ?? []).map((m) => ({ value: String(m.id_car_model), label: m.name })),
            modelId,
            decodedNames?.model,
          )}
          value={modelId}
          onChange={(v) => choose({ year, makeId, modelId: v, trimId: null })}
        />
        <Select
          label="Trim"
          searchable
          disabled={!modelId}
          data={withDecoded(
            (trims.data ?? []).map((t) => ({ value: String(t.id_car_trim), label: t.name })),
            trimId,
            decodedNames?.trim,
          )}
          value={trimId}
          onChange={(v) => choose({ year, makeId, modelId, trimId: v })}
        />
      </Group>
      {value && (
        <Text fw={500} data-testid="vehicle-summary">
          {value.year} {value.make} {value.model} {value.trim ?? ''} (size {value.size})
        </Text>
      )}
    </Stack>
  );
}

export function WorkStep(props: {
  categoriesPath: string;
  servicesPath: (category: string) => string;
  selection: ServiceSelection;
  vehicle: WizardVehicle;
  category: string;
  onCategory: (c: string) => void;
  /** Shows 'Load services from a previous job' (dealer step 99, installer previous jobs popup). */
  onPreviousJobs?: () => void;
}) {
  const { selection } = props;
  const mode = selection.mode;
  const companyId = useActingCompanyId();
  const categories = useQuery({
    queryKey: requestWizardKeys.categories(companyId, props.categoriesPath),
    queryFn: () => apiGet(props.categoriesPath, z.array(ZCategory), { isQuiet: true }),
  });
  const servicesPath = props.servicesPath(props.category);
  const catalog = useQuery({
    queryKey: requestWizardKeys.services(companyId, servicesPath),
    queryFn: () => apiGet(servicesPath, z.array(ZCatalogService), { isQuiet: true }),
  });
  const categoryNames = Array.from(
    new Set(['Paint', ...(categories.data ?? []).map((c) => c.service_category), props.category]),
  );
  // Dealers never price custom work (001 §9); installers get the custom dialog for a service priced 0.
  const available = (catalog.data ?? []).filter((s) => mode === 'installer' || !s.is_custom);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>Work</Title>
        {props.onPreviousJobs && (
          <Button size="xs" variant="light" onClick={props.onPreviousJobs}>
            Load services from a previous job
          </Button>
        )}
      </Group>
      <Select
        label="Category"
        data={categoryNames}
        value={props.category}
        onChange={(v) => v && props.onCategory(v)}
        allowDeselect={false}
      />
      <Text size="xs" c="dimmed">
        NOTE : Price may vary based on selected model
      </Text>
      {catalog.isPending && <Loader size="sm" aria-label="Loading services" />}
      {catalog.isError && <Alert color="red">{errorText(catalog.error)}</Alert>}
      {catalog.isSuccess && available.length === 0 && <Text c="dimmed">No services in this category.</Text>}
      <Stack gap={6} aria-label="Available services">
        {available.map((s) => {
          const isSelected = selection.services.some((x) => x.service.service_id === s.service_id);
          return (
            <Group key={s.service_id} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ flex: 1 }}>
                {s.description}{' '}
                <Text span c="dimmed">
                  · {s.is_custom ? 'your estimate' : `${s.duration_days} day(s)`}
                </Text>
              </Text>
              <Text size="sm" fw={500}>
                {s.is_custom ? 'Custom' : formatMoney(wireDollarsToCents(s.service_cost))}
              </Text>
              <Button
                size="xs"
                variant={isSelected ? 'light' : 'filled'}
                disabled={isSelected}
                onClick={() => selection.add(s)}
                aria-label={`Add ${s.description}`}
              >
                {isSelected ? 'Added' : 'Add'}
              </Button>
            </Group>
          );
        })}
      </Stack>
      {selection.message && (
        <Alert color="yellow" role="alert">
          {selection.message}
        </Alert>
      )}
      <Title order={5}>Selected services</Title>
      {selection.services.length === 0 && <Text c="dimmed">No service selected yet.</Text>}
      {selection.services.map((s) => (
        <Group
          key={s.service.service_id}
          align="flex-end"
          justify="space-between"
          wrap="wrap"
          gap="xs"
          data-testid="selected-service"
        >
          <Stack gap={0} style={{ flex: '1 1 200px' }}>
            <Text size="sm">
              {lineDescription(s)} — {formatMoney(wireDollarsToCents(lineCost(s)))}
              {s.custom ? ` · ${s.custom.durationDays} day(s)` : ''}
            </Text>
            {mode === 'installer' && s.discount ? (
              <Text size="xs" c="green.8" data-testid="line-discount">
                Discount −{formatMoney(wireDollarsToCents(s.discount))}
                {s.discountPercent != null ? ` (${s.discountPercent}%)` : ''} ·{' '}
                {formatMoney(wireDollarsToCents(lineCost(s)) - wireDollarsToCents(s.discount))}
              </Text>
            ) : null}
          </Stack>
          <Group gap={4} wrap="nowrap" align="flex-end">
            {mode === 'dealer' ? (
              <NumberInput
                label="Retail price"
                size="xs"
                min={0}
                decimalScale={2}
                prefix="$"
                w={130}
                value={s.retailPrice ?? ''}
                onChange={(v) =>
                  selection.setRetail(s.service.service_id, typeof v === 'number' ? Math.max(0, v) : null)
                }
              />
            ) : (
              !isPendingCustom(s) && (
                <>
                  {s.custom && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => selection.editCustom(s.service.service_id)}
                      aria-label={`Edit ${lineDescription(s)}`}
                    >
                      Edit
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => selection.openDiscount(s.service.service_id)}
                    aria-label={`Discount ${lineDescription(s)}`}
                  >
                    Discount
                  </Button>
                </>
              )
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              px={8}
              onClick={() => selection.remove(s.service.service_id)}
              aria-label={`Remove ${lineDescription(s)}`}
            >
              Remove
            </Button>
          </Group>
        </Group>
      ))}
      <CustomServiceDialog selection={selection} />
      <DiscountDialog selection={selection} />
    </Stack>
  );
}

function NotesStep(props: {
  dealerId: number;
  notes: string;
  onNotes: (v: string) => void;
  stockNumber: string;
  onStock: (v: string) => void;
  dealNumber: string;
  onDeal: (v: string) => void;
  contactId: string | null;
  onContact: (v: string | null) => void;
}) {
  const companyId = useActingCompanyId();
  const team = useQuery({
    queryKey: requestWizardKeys.team(companyId, props.dealerId),
    queryFn: () => apiGet(`/dealer/${props.dealerId}/team`, z.array(ZTeamContact), { isQuiet: true }),
  });
  return (
    <Stack>
      <Title order={4}>Notes</Title>
      <Textarea
        label="Notes"
        rows={4}
        value={props.notes}
        onChange={(e) => props.onNotes(e.currentTarget.value)}
      />
      <Group grow wrap="wrap">
        <TextInput
          label="Stock #"
          maxLength={MAX_REFERENCE_NUMBER}
          value={props.stockNumber}
          onChange={(e) => props.onStock(e.currentTarget.value)}
        />
        <TextInput
          label="Deal number"
          maxLength={MAX_REFERENCE_NUMBER}
          value={props.dealNumber}
          onChange={(e) => props.onDeal(e.currentTarget.value)}
        />
      </Group>
      <Select
        label="Contact to notify"
        clearable
        placeholder={team.isPending ? 'Loading…' : 'None'}
        data={(team.data ?? []).map((c) => ({
          value: String(c.User_id),
          label: `${c.user_name} (${c.email})`,
        }))}
        value={props.contactId}
        onChange={props.onContact}
      />
    </Stack>
  );
}
