import type { QuoteTotals } from '@app/domain/pricing/quote-total';
import { percentToBps } from '@app/domain/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { quoteOf, type WizardMode } from '../request-wizard/service-lines';
import type { SelectedService } from '../request-wizard/wizard-rules';
import { wizardPricingKeys } from './query-keys';
import { fetchTaxRate } from './wizard-pricing.api';

export type RunningQuote = {
  totals: QuoteTotals;
  /** The tax rate is still being read: the figures shown are the last ones, without it. */
  isUpdating: boolean;
  /** Retail work's tax rate in percent once read; null on dealer work or when it could not be read. */
  taxPercent: number | null;
  /** The rate could not be read: the server adds the tax when the work is created. */
  isTaxUnknown: boolean;
};

/**
 * The running total of a wizard's selected services. The line prices are the server's (the priced catalog
 * of GET /services for this vehicle, specialist and dealership), the tax rate the server's (GET /taxes), and
 * the totals come from the domain's `calculateQuoteTotals`, the function the server prices the request with
 * when it is created (and checks any submitted total against): no second pricing rule in the browser.
 */
export function useRunningQuote(
  services: readonly SelectedService[],
  work: { requestType: WizardMode; taxInstallerId: number | null },
): RunningQuote {
  const companyId = useActingCompanyId();
  const isRetail = work.requestType === 'installer' && work.taxInstallerId !== null;
  const installerId = work.taxInstallerId ?? 0;
  const tax = useQuery({
    queryKey: wizardPricingKeys.taxRate(companyId, installerId),
    queryFn: () => fetchTaxRate(installerId),
    enabled: isRetail,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const taxPercent = isRetail ? (tax.data?.percentage ?? null) : null;
  const taxRateBps = taxPercent === null ? 0 : (percentToBps(taxPercent) ?? 0);
  return {
    totals: quoteOf(services, work.requestType, taxRateBps),
    isUpdating: isRetail && tax.isFetching,
    taxPercent,
    isTaxUnknown: isRetail && tax.isError,
  };
}
