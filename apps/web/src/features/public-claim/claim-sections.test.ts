import { jobClaimMessages as m } from '@app/contracts/job-claim.contract';
import { describe, expect, it } from 'vitest';
import { type ClaimFormValues, emptyClaimForm, toProspectData, validateSection } from './claim-sections';

const filled: ClaimFormValues = {
  firstName: ' Dana ',
  lastName: 'Reyes ',
  email: ' Dana@Reyes.TEST ',
  phone: '(813) 555-0199',
  businessName: ' Reyes Tint ',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
};

describe('the claim registration sections (catalogue §4.20)', () => {
  it('section 1 (Personal) names each missing field, and only its own fields', () => {
    expect(validateSection(0, emptyClaimForm)).toEqual({
      firstName: m.firstNameRequired,
      lastName: m.lastNameRequired,
      email: m.emailRequired,
      phone: 'Phone number is required',
    });
  });

  it('section 1 refuses a bad e-mail and a phone of fewer than 10 digits', () => {
    expect(validateSection(0, { ...filled, email: 'dana@', phone: '555-0199' })).toEqual({
      email: m.email,
      phone: 'Please enter a valid phone number',
    });
  });

  it('section 2 (Business) needs the business name, whatever section 1 holds', () => {
    expect(validateSection(1, emptyClaimForm)).toEqual({ businessName: m.businessRequired });
    expect(validateSection(1, { ...emptyClaimForm, businessName: '  ' })).toEqual({
      businessName: m.businessRequired,
    });
    expect(validateSection(1, { ...emptyClaimForm, businessName: 'Reyes Tint' })).toEqual({});
  });

  it('section 3 (Security): required, at least 8 characters, confirmed, matching', () => {
    expect(validateSection(2, emptyClaimForm)).toEqual({
      password: m.passwordRequired,
      confirmPassword: m.confirmRequired,
    });
    expect(validateSection(2, { ...emptyClaimForm, password: 'short', confirmPassword: 'short' })).toEqual({
      password: m.passwordShort,
    });
    expect(validateSection(2, { ...filled, confirmPassword: 'secret-pasS' })).toEqual({
      confirmPassword: m.confirmMismatch,
    });
    expect(validateSection(2, filled)).toEqual({});
  });

  it('sends trimmed data, the e-mail lower-cased, and never the confirmation', () => {
    expect(toProspectData(filled)).toEqual({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@reyes.test',
      phone: '8135550199',
      businessName: 'Reyes Tint',
      password: 'secret-pass',
    });
  });
});
