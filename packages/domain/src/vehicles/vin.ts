/**
 * Vehicle identification numbers (catalogue 4.3, 4.10, K32, K33).
 *
 * Validity (K32) is the spec's character rule only: 17 letters and digits without I, O and Q.
 * The ISO 3779 / North American check digit is offered separately because real VINs of
 * some (mostly non-North-American) makers do not satisfy it.
 */

export const VIN_LENGTH = 17;

const vinPattern = /^[A-HJ-NPR-Z0-9]{17}$/;
const vinCharsPattern = /^[A-HJ-NPR-Z0-9]*$/;

/** Position weights 1-17 for the check digit; position 9 (the check digit itself) weighs 0. */
const checkDigitWeights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Letter values of the check-digit transliteration table (I, O and Q never appear). */
const letterValues: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

/** Position 10 codes in cycle order: index 0 is 1980, 2010, 2040, ... (30-year cycle). */
const modelYearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_MODEL_YEAR = 1980;
const MODEL_YEAR_CYCLE = modelYearCodes.length;

/** Trims and upper-cases user input (K32). */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase();
}

/** Exactly 17 letters and digits excluding I, O and Q (K32). Expects a normalised VIN. */
export function isValidVin(vin: string): boolean {
  return vinPattern.test(vin);
}

function transliterate(char: string): number {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  const value = letterValues[char];
  if (value === undefined) throw new RangeError(`Character '${char}' is not allowed in a VIN`);
  return value;
}

/**
 * The check digit (position 9) of a 17-character VIN: '0'-'9' or 'X'.
 * Whatever is at position 9 is ignored. Throws a RangeError when the input is not a valid VIN.
 */
export function computeVinCheckDigit(vin17: string): string {
  const vin = normalizeVin(vin17);
  if (!isValidVin(vin)) throw new RangeError(`Not a valid 17-character VIN: '${vin17}'`);
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    sum += transliterate(vin.charAt(i)) * (checkDigitWeights[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when the VIN is valid (K32) and position 9 holds the right check digit. */
export function hasValidCheckDigit(vin: string): boolean {
  const normalized = normalizeVin(vin);
  if (!isValidVin(normalized)) return false;
  return normalized.charAt(8) === computeVinCheckDigit(normalized);
}

/** The position 10 code of a model year (1980 or later). Throws a RangeError otherwise. */
export function modelYearCode(year: number): string {
  if (!Number.isInteger(year) || year < FIRST_MODEL_YEAR) {
    throw new RangeError(`Model year must be an integer from ${FIRST_MODEL_YEAR}: ${year}`);
  }
  return modelYearCodes.charAt((year - FIRST_MODEL_YEAR) % MODEL_YEAR_CYCLE);
}

/**
 * The model year coded at position 10, or null when the VIN is invalid or the code is not a year code.
 * A code stands for years 30 apart; the most recent one not after `currentYear + 1` is chosen.
 */
export function decodeModelYear(
  vin: string,
  currentYear: number = new Date().getUTCFullYear(),
): number | null {
  const normalized = normalizeVin(vin);
  if (!isValidVin(normalized)) return null;
  const index = modelYearCodes.indexOf(normalized.charAt(9));
  if (index < 0) return null;
  const latestYear = currentYear + 1;
  const first = FIRST_MODEL_YEAR + index;
  if (first > latestYear) return null;
  return first + Math.floor((latestYear - first) / MODEL_YEAR_CYCLE) * MODEL_YEAR_CYCLE;
}

export type VinParts = {
  /** World manufacturer identifier, positions 1-3. */
  wmi: string;
  /** Vehicle descriptor section, positions 4-8. */
  vds: string;
  /** Model year, coded at position 10. */
  year: number;
  /** Plant code, position 11. */
  plant: string;
  /** Serial number, positions 12-17. */
  serial: string;
};

function requireVinChars(label: string, value: string, length: number): string {
  const upper = value.toUpperCase();
  if (upper.length !== length) {
    throw new RangeError(`VIN ${label} must be ${length} characters: '${value}'`);
  }
  if (!vinCharsPattern.test(upper)) {
    throw new RangeError(`VIN ${label} may hold only letters and digits except I, O and Q: '${value}'`);
  }
  return upper;
}

/** Assembles a VIN from its parts and fills in the check digit. Throws a RangeError on bad parts. */
export function makeVin(parts: VinParts): string {
  const wmi = requireVinChars('WMI', parts.wmi, 3);
  const vds = requireVinChars('VDS', parts.vds, 5);
  const plant = requireVinChars('plant code', parts.plant, 1);
  const serial = requireVinChars('serial number', parts.serial, 6);
  const withoutCheck = `${wmi}${vds}0${modelYearCode(parts.year)}${plant}${serial}`;
  const check = computeVinCheckDigit(withoutCheck);
  return `${withoutCheck.slice(0, 8)}${check}${withoutCheck.slice(9)}`;
}

/** 'NV': VIN not yet entered; 'OT': vehicle of make 'Other car' (K33). */
export type PlaceholderVinKind = 'NV' | 'OT';

/** A placeholder for a vehicle without a VIN: the prefix plus the timestamp in milliseconds (K33). */
export function makePlaceholderVin(kind: PlaceholderVinKind, now: Date): string {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError('Placeholder VIN needs a valid date');
  return `${kind}${time}`;
}

/** True for stored placeholders: VINs starting with 'NV' or 'OT' (K33). */
export function isPlaceholderVin(vin: string): boolean {
  const normalized = normalizeVin(vin);
  return normalized.startsWith('NV') || normalized.startsWith('OT');
}

/** 'NV' VINs mean "not yet entered / not available" and are not shown (4.3 item 12). */
export function isVinHidden(vin: string): boolean {
  return normalizeVin(vin).startsWith('NV');
}
