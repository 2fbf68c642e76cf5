import type { ContractRequestRow } from './customer-contracts.repository';

/** The dealer's time zone for the audit page, from its US state (no zone is stored; default Eastern). */
const zoneByState: Record<string, string> = {
  CT: 'America/New_York',
  DE: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  MA: 'America/New_York',
  MD: 'America/New_York',
  ME: 'America/New_York',
  MI: 'America/Detroit',
  NC: 'America/New_York',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NY: 'America/New_York',
  OH: 'America/New_York',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  VA: 'America/New_York',
  VT: 'America/New_York',
  WV: 'America/New_York',
  DC: 'America/New_York',
  IN: 'America/Indiana/Indianapolis',
  KY: 'America/New_York',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IA: 'America/Chicago',
  IL: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  ND: 'America/Chicago',
  NE: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
  AZ: 'America/Phoenix',
  CO: 'America/Denver',
  ID: 'America/Boise',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
};

export function dealerTimeZone(state: string | null): string {
  return zoneByState[(state ?? '').trim().toUpperCase()] ?? 'America/New_York';
}

/** The dealer's standard terms (docs/decisions: no terms are stored per dealer yet). */
export function contractTerms(
  dealerName: string,
  request: Pick<ContractRequestRow, 'depositAmountCents'>,
): string[] {
  return [
    `${dealerName} arranges the services listed above with the named specialist, who performs them on the vehicle identified by its VIN.`,
    'The price shown is the total the customer pays for these services, taxes included; any change to the services needs a new or amended contract.',
    request.depositAmountCents > 0
      ? 'The deposit is due before work starts and is credited against the total; the balance is due when the vehicle is delivered.'
      : 'No deposit is required; the total is due when the vehicle is delivered.',
    'Work does not start before this contract is signed. The dates are the planned availability of the vehicle and the planned completion; the specialist informs the dealer of any delay.',
    'The customer confirms the vehicle may be moved and worked on at the specialist’s premises and that personal belongings have been removed.',
    'Workmanship defects reported within 30 days of delivery are corrected at no charge; damage caused after delivery is not covered.',
  ];
}
