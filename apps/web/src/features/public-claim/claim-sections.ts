import {
  type TProspectData,
  ZClaimBusiness,
  ZClaimPersonal,
  ZClaimSecurity,
  ZProspectData,
} from '@app/contracts/job-claim.contract';
import type { z } from 'zod';

/** The registration form (step 3): the prospect's data plus the confirmation, which is never sent. */
export type ClaimFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  businessName: string;
  password: string;
  confirmPassword: string;
};
export type ClaimField = keyof ClaimFormValues;

export const emptyClaimForm: ClaimFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  businessName: '',
  password: '',
  confirmPassword: '',
};

type Section = { label: string; schema: z.ZodType; fields: readonly ClaimField[] };

/** The three sections of 001 §2.6 with the contract's rules (catalogue §4.20, 82–84). */
export const claimSections: readonly Section[] = [
  { label: 'Personal', schema: ZClaimPersonal, fields: ['firstName', 'lastName', 'email', 'phone'] },
  { label: 'Business', schema: ZClaimBusiness, fields: ['businessName'] },
  { label: 'Security', schema: ZClaimSecurity, fields: ['password', 'confirmPassword'] },
];

/** Continue checks the current section only (85): the first message of each of its fields. */
export function validateSection(index: number, values: ClaimFormValues): Partial<Record<ClaimField, string>> {
  const section = claimSections[index];
  if (!section) return {};
  const picked = Object.fromEntries(section.fields.map((field) => [field, values[field]]));
  const result = section.schema.safeParse(picked);
  const errors: Partial<Record<ClaimField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ClaimField | undefined;
    if (field && section.fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What is sent (86): trimmed, the e-mail lower-cased, the phone as 10 digits; confirmPassword stays here. */
export function toProspectData(values: ClaimFormValues): TProspectData {
  const { confirmPassword: _, ...prospect } = values;
  return ZProspectData.parse(prospect);
}
