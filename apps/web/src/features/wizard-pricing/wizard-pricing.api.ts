import { catalogCalls } from '@app/contracts/catalog.contract';
import { callApi } from '../../lib/call-api';

/** GET /taxes/{installerId}: the specialist's sales tax rate (percent) that retail work adds (001 §7, §9). */
export function fetchTaxRate(installerId: number) {
  return callApi(catalogCalls.getTaxRate, { params: { taxRateId: String(installerId) } }, { isQuiet: true });
}
