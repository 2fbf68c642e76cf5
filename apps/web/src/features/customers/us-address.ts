/**
 * US-restricted address completion for a one-line address (002 §2.9; the address port completes a US ZIP):
 * '12 Bay St 33609' becomes '12 Bay St, Tampa, FL 33609'. Only a US ZIP (5 digits, or ZIP+4) is completed.
 */
export type ZipPlace = { zip: string; city: string; state: string };

/** The ZIP the line ends with, when it is a US ZIP; null otherwise. */
export function trailingZip(line: string): string | null {
  const match = /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/.exec(line);
  return match?.[1] ?? null;
}

/** The line with its ZIP replaced by 'City, ST ZIP' (the street kept as typed). */
export function completeAddress(line: string, place: ZipPlace): string {
  const street = line
    .replace(/(\d{5})(?:-\d{4})?\s*$/, '')
    .replace(/[\s,]+$/, '')
    .trim();
  const tail = `${place.city}, ${place.state} ${place.zip}`;
  return street ? `${street}, ${tail}` : tail;
}

/** Whether the line already reads '…, City, ST ZIP' for this place (nothing left to complete). */
export function isComplete(line: string, place: ZipPlace): boolean {
  return line.trim().toLowerCase().endsWith(`${place.city}, ${place.state} ${place.zip}`.toLowerCase());
}
