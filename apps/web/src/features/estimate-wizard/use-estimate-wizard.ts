import { ZCreateRequestBody } from '@app/contracts/request-creation.contract';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session-store';
import { addBookedAppointment } from '../calendar/connection/calendar-link-api';
import { errorText } from '../request-wizard/error-text';
import { loadedJobMessage, loadPreviousJob } from '../request-wizard/previous-jobs';
import { type ServicesSource, submitRequest } from '../request-wizard/request-wizard.api';
import { toLineInput } from '../request-wizard/service-lines';
import { useServiceSelection } from '../request-wizard/use-service-selection';
import { vehicleCreateBody, type WizardVehicle } from '../request-wizard/wizard-rules';
import { invalidateServiceRequests } from '../service-requests/query-keys';
import { dropOffWindow } from './drop-off';
import { type Party, usePreviousJobs, usePreviousVehicles } from './previous-popups';
import { REFERRAL_ADVANCE_MS, readReferralStart } from './referral-start';

export const LAST = 5;

/** The wizard's own fields (Notes and Dates steps), named as POST /requestimates/ names them. */
export type EstimateWizardFields = { noteText: string; availableDate: string };
export type EstimateWizardForm = UseFormReturnType<EstimateWizardFields>;

/** The contract's rules for these fields: the server checks the same, with the same messages. */
const validateEstimateFields = schemaResolver(
  ZCreateRequestBody.pick({ noteText: true, availableDate: true }),
  { sync: true },
);

const partyKey = (p: Party | null) => (p ? `${p.kind}:${p.id}` : '');

/** The installer's estimate wizard (001 §2.3–2.4): its steps, fields, popups and the one creating call. */
export function useEstimateWizard() {
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
  const [dropOffRange] = useState(() => dropOffWindow());
  const form = useForm<EstimateWizardFields>({
    initialValues: { noteText: '', availableDate: dropOffRange.earliest },
    validate: validateEstimateFields,
    validateInputOnChange: true,
  });
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

  /** The caller's catalog for the vehicle: wholesale for a dealership's job, retail for a customer's. */
  const catalogSource = (c: string): ServicesSource | null =>
    vehicle && party
      ? {
          installerId,
          size: vehicle.size,
          catalog: party.kind === 'dealer' ? 'WHOLE' : 'RETAIL',
          category: c,
          trimId: String(vehicle.trimId ?? 0),
        }
      : null;

  async function loadJob(requestId: number) {
    const loaded = await loadPreviousJob(requestId, catalogSource('All'), selection.mode);
    selection.replace(loaded.services, loadedJobMessage(loaded));
    setPopup(null);
  }

  async function create(mode: 'estimate' | 'book' | 'job') {
    if (!party || !vehicle || form.validate().hasErrors) return;
    setBusy(mode);
    setError(null);
    try {
      const isDealer = party.kind === 'dealer';
      // One call: a new vehicle, the estimate or job, its lines, offer, calendar and the referral's
      // ESTIMATE_CREATED are written together or not at all.
      const created = await submitRequest({
        requestType: isDealer ? 'dealer' : 'installer',
        requestor: party.id,
        ...(isDealer ? { dealerId: party.id } : { customerId: party.id }),
        currentState: mode === 'estimate' ? 'new' : 'scheduled',
        createdType: 'installer',
        installerCatalog: isDealer ? 'WHOLE' : 'RETAIL',
        availableDate: form.values.availableDate,
        ...(vehicle.vehicleId ? { vehicleId: vehicle.vehicleId } : { vehicle: vehicleCreateBody(vehicle) }),
        vin: vehicle.vin,
        noteText: form.values.noteText.trim() || null,
        services: services.map((s) => toLineInput(s, 'installer')),
        referralId: referral?.referralId ?? null,
      });
      // A booking goes on the installer's linked calendar (rows 58, 59); failures are logged only.
      if (mode !== 'estimate') await addBookedAppointment(installerId, created.requestId);
      await invalidateServiceRequests(queryClient);
      navigate(mode === 'estimate' ? '/requestimates' : '/jobs');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  /** A new customer or vehicle clears the vehicle or the services chosen for the previous one. */
  function chooseParty(p: Party | null) {
    setParty(p);
    setVehicle(null);
    setVehicleKey((k) => k + 1);
    selection.replace([]);
  }

  /** A vehicle from the step, or one of the customer's previous vehicles (which remounts the step). */
  function chooseVehicle(v: WizardVehicle | null, fromPopup = false) {
    setVehicle(v);
    if (fromPopup) setVehicleKey((k) => k + 1);
    selection.replace([]);
    if (fromPopup) setPopup(null);
  }

  return {
    installer,
    installerId,
    referral,
    step,
    setStep,
    canNext,
    party,
    chooseParty,
    vehicle,
    vehicleKey,
    chooseVehicle,
    category,
    setCategory,
    selection,
    services,
    form,
    dropOffRange,
    busy,
    error,
    popup,
    setPopup,
    previousVehicles,
    previousJobs,
    vehicleCount,
    jobCount,
    catalogSource,
    loadJob,
    create,
  };
}
