import { ZCreateReferralBody } from '@app/contracts/referrals.contract';
import { normalizeVin, VIN_LENGTH } from '@app/domain/vehicles/vin';
import { capitalizeWords } from './referral-texts';

export type ReferralFormValues = { vin: string; customerName: string; customerEmail: string };
export type ReferralFormField = keyof ReferralFormValues;
export type ReferralFormErrors = Partial<Record<ReferralFormField, string>>;

const wireFields: Record<string, ReferralFormField> = {
  vin: 'vin',
  customerName: 'customerName',
  customerEmailAddress: 'customerEmail',
};

/** What the VIN box keeps of what is typed: upper case, at most 17 characters (001 §5, like the wizard). */
export function cleanVinInput(typed: string): string {
  return typed.toUpperCase().replace(/\s+/g, '').slice(0, VIN_LENGTH);
}

/**
 * The add-referral form's rules (001 §5, catalogue §4.17), checked with the contract the server checks the
 * call with: name required; e-mail required and valid; VIN required, 17 characters without I, O, Q (ZVin).
 * One message per field, the first that applies.
 */
export function validateReferralForm(values: ReferralFormValues): ReferralFormErrors {
  const parsed = ZCreateReferralBody.safeParse({
    vin: values.vin,
    customerName: values.customerName,
    customerEmailAddress: values.customerEmail,
  });
  const errors: ReferralFormErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = wireFields[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The body of POST /referrals/ from the form: the VIN normalised, the name capitalised word by word. */
export function toNewReferral(values: ReferralFormValues) {
  return {
    vin: normalizeVin(values.vin),
    customerName: capitalizeWords(values.customerName),
    customerEmailAddress: values.customerEmail.trim().toLowerCase(),
  };
}
