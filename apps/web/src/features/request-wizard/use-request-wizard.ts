import {
  type TCreateRequestReply,
  type TDuplicateEntry,
  ZCreateRequestBody,
} from '@app/contracts/request-creation.contract';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../lib/session-store';
import { invalidateServiceRequests } from '../service-requests/query-keys';
import { errorText } from './error-text';
import { checkDuplicates, type ServicesSource, submitRequest } from './request-wizard.api';
import { toLineInput } from './service-lines';
import { useServiceSelection } from './use-service-selection';
import {
  canAdvance,
  categoryFromHint,
  LAST_STEP,
  PREVIOUS_JOB_STEP,
  proposeDueDate,
  sumDuration,
  vehicleCreateBody,
  type WizardVehicle,
} from './wizard-rules';

/** The wizard's own fields (Notes and Dates steps), named as POST /requestimates/ names them. */
export type RequestWizardFields = {
  noteText: string;
  stock_number: string;
  deal_number: string;
  notifyContactId: string | null;
  availableDate: string;
  dueDate: string | null;
};
export type RequestWizardForm = UseFormReturnType<RequestWizardFields>;

/** The contract's rules for these fields: the server checks the same, with the same messages. */
const validateRequestFields = schemaResolver(
  ZCreateRequestBody.pick({
    noteText: true,
    stock_number: true,
    deal_number: true,
    notifyContactId: true,
    availableDate: true,
    dueDate: true,
  }),
  { sync: true },
);

export type Ending = { requestId: number; totals: TCreateRequestReply['totals']; contract: boolean };

/** The dealer's request wizard (001 §2.2): its steps, fields and the one creating call. */
export function useRequestWizard(hint: string | null) {
  const session = useSession();
  const queryClient = useQueryClient();
  const dealer = session.company?.kind === 'dealer' ? session.company.record : null;
  const dealerId = dealer?.dealer_id ?? 0;

  const [step, setStep] = useState(1);
  const [category, setCategory] = useState(() => categoryFromHint(hint));
  const [specialist, setSpecialist] = useState<number | null>(null);
  const [vehicle, setVehicle] = useState<WizardVehicle | null>(null);
  const selection = useServiceSelection('dealer');
  const services = selection.services;
  const form = useForm<RequestWizardFields>({
    initialValues: {
      noteText: '',
      stock_number: '',
      deal_number: '',
      notifyContactId: null,
      availableDate: toLocalIsoDate(new Date()),
      dueDate: null,
    },
    validate: validateRequestFields,
    validateInputOnChange: true,
  });
  const [isSending, setIsSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [duplicates, setDuplicates] = useState<TDuplicateEntry[] | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);

  const { availableDate, dueDate } = form.values;
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
    const fields = form.values;
    try {
      // One call: the vehicle, request, lines, note, offers and e-mails are created together or not at all.
      const reply = await submitRequest({
        requestType: 'dealer',
        requestor: dealerId,
        dealerId,
        assignedTo: specialist ?? 0,
        availableDate,
        dueDate: effectiveDue,
        vehicle: { ...vehicleCreateBody(vehicle), stock_number: fields.stock_number || null },
        vin: vehicle.vin,
        createdType: 'dealer',
        installerCatalog: 'WHOLE',
        stock_number: fields.stock_number || null,
        deal_number: fields.deal_number || null,
        noteText: fields.noteText.trim() || null,
        services: services.map((s) => toLineInput(s, 'dealer')),
        matchAndNotify: true,
        notifyContactId: fields.notifyContactId ? Number(fields.notifyContactId) : null,
      });
      await invalidateServiceRequests(queryClient);
      setEnding({
        requestId: reply.requestId,
        totals: reply.totals,
        // Decision 10: a contract is required exactly when the flag is 'Y' (001 §2.1 says "not 'N'").
        contract: dealer?.customer_contract === 'Y',
      });
    } catch (error) {
      setSendError(errorText(error));
    } finally {
      setIsSending(false);
    }
  }

  async function send() {
    if (!vehicle || form.validate().hasErrors) return;
    setIsSending(true);
    setSendError(null);
    const found = await checkDuplicates(vehicle, dealerId);
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

  /** The wholesale catalog of the chosen specialist (0: any) for the vehicle, priced for this dealership. */
  const catalogSource = (c: string): ServicesSource | null =>
    vehicle
      ? {
          installerId: specialist ?? 0,
          size: vehicle.size,
          catalog: 'WHOLE',
          category: c,
          dealerId: String(dealerId),
          trimId: String(vehicle.trimId ?? 0),
        }
      : null;

  return {
    dealer,
    dealerId,
    step,
    setStep,
    shownStep,
    canNext,
    category,
    setCategory,
    specialist,
    /** A new specialist or vehicle clears the selected services (they are priced for them). */
    chooseSpecialist(id: number | null) {
      setSpecialist(id);
      selection.replace([]);
    },
    vehicle,
    chooseVehicle(v: WizardVehicle | null) {
      setVehicle(v);
      selection.replace([]);
    },
    selection,
    services,
    form,
    duration,
    proposedDue,
    effectiveDue,
    catalogSource,
    isSending,
    sendError,
    duplicates,
    closeDuplicates: () => setDuplicates(null),
    confirmDuplicates() {
      setDuplicates(null);
      void createRequest();
    },
    ending,
    goNext,
    goPrevious,
  };
}
