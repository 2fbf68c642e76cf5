/**
 * US address entry (001 §2.3 "Address search is restricted to the US", 4.30; issue 6 "Addresses"): completes
 * city and state from a ZIP. The local adapter (local-address-adapter.ts) reads the table shipped with the
 * product; a provider adapter (geocoding, autocomplete) can implement the same port later.
 */
export type ZipCompletion = {
  zip: string;
  city: string;
  /** USPS two-letter code. */
  state: string;
  stateName: string;
  country: 'US';
  /** 'zip': the exact ZIP is known; 'prefix': from its 3-digit prefix (the main city of the area). */
  precision: 'zip' | 'prefix';
};

export type AddressPort = {
  /** Null when the ZIP is not a US ZIP (5 digits, optionally ZIP+4) or its area is unknown. */
  completeZip(zip: string): Promise<ZipCompletion | null>;
};

/** '33609', '33609-1234' or '336091234' → '33609'; null otherwise. */
export function normalizeUsZip(zip: string): string | null {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(zip.trim());
  return match?.[1] ?? null;
}
