import type { TCatalogService } from '@app/contracts/catalog.contract';
import { useState } from 'react';
import {
  applyDiscount,
  type CustomDraft,
  type CustomSaveResult,
  type DiscountEntry,
  dropPendingCustom,
  saveCustomDetails,
  type WizardMode,
} from './service-lines';
import { addService, type SelectedService } from './wizard-rules';

/**
 * The Work step's state, shared by the dealer request wizard and the installer estimate wizard: the
 * selected services, the inclusion message, the custom-service dialog (a service priced 0 opens it; closing
 * it without saving removes the service) and the discount dialog (installers only).
 */
export function useServiceSelection(mode: WizardMode) {
  const [services, setServices] = useState<SelectedService[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [customId, setCustomId] = useState<number | null>(null);
  const [discountId, setDiscountId] = useState<number | null>(null);

  const find = (id: number | null) =>
    id === null ? null : (services.find((s) => s.service.service_id === id) ?? null);

  return {
    mode,
    services,
    message,
    /** The custom service whose dialog is open. */
    customLine: find(customId),
    /** The service whose discount dialog is open. */
    discountLine: mode === 'installer' ? find(discountId) : null,

    add(candidate: TCatalogService) {
      if (candidate.is_custom && mode === 'dealer') return;
      const result = addService(services, candidate);
      if (!result.ok) {
        setMessage(result.message);
        return;
      }
      setMessage(null);
      setServices(result.services);
      if (candidate.is_custom) setCustomId(candidate.service_id);
    },
    remove(id: number) {
      setServices(services.filter((s) => s.service.service_id !== id));
    },
    setRetail(id: number, price: number | null) {
      setServices(services.map((s) => (s.service.service_id === id ? { ...s, retailPrice: price } : s)));
    },
    /** Replaces the selection (a vehicle or specialist change clears it; a previous job loads one). */
    replace(next: SelectedService[], note: string | null = null) {
      setServices(next);
      setMessage(note);
      setCustomId(null);
      setDiscountId(null);
    },

    editCustom(id: number) {
      setCustomId(id);
    },
    saveCustom(draft: CustomDraft): CustomSaveResult {
      const line = find(customId);
      if (!line) return { ok: false, message: 'No custom service is open', fields: [] };
      const result = saveCustomDetails(line, draft);
      if (result.ok) {
        setServices(services.map((s) => (s === line ? result.service : s)));
        setCustomId(null);
      }
      return result;
    },
    /** Closing without saving removes a custom service still waiting for its details. */
    closeCustom() {
      setServices(dropPendingCustom(services));
      setCustomId(null);
    },

    openDiscount(id: number) {
      if (mode === 'installer') setDiscountId(id);
    },
    saveDiscount(entry: DiscountEntry) {
      const line = find(discountId);
      if (line) setServices(services.map((s) => (s === line ? applyDiscount(s, entry) : s)));
      setDiscountId(null);
    },
    closeDiscount() {
      setDiscountId(null);
    },
  };
}

export type ServiceSelection = ReturnType<typeof useServiceSelection>;
