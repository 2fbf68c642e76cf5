import { type DecodedVin, emptyDecodedVin, type VinDecoderPort } from './vin-decoder-port';

type VpicValues = Record<string, string | null | undefined>;

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * NHTSA vPIC over HTTP: GET {VPIC_URL}/vehicles/DecodeVinValues/{vin}?format=json, whose Results[0] holds the
 * values. A failure (network, timeout, non-200, bad JSON) gives an undecoded VIN with ErrorCode 500, so the
 * wizard continues with manual entry (001 §8: lookup errors are logged and the form continues).
 */
export function createVpicVinDecoder(options: {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): VinDecoderPort {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'vpic',
    async decode(vin) {
      const url = `${base}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`;
      let values: VpicValues | undefined;
      try {
        const response = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return emptyDecodedVin(vin, '500', `vPIC answered HTTP ${response.status}`);
        const body = (await response.json()) as { Results?: VpicValues[] };
        values = body.Results?.[0];
      } catch (error) {
        return emptyDecodedVin(vin, '500', `vPIC unavailable: ${(error as Error).message}`);
      }
      if (!values) return emptyDecodedVin(vin, '500', 'vPIC gave no result');
      const make = text(values.Make);
      const model = text(values.Model);
      const year = Number.parseInt(values.ModelYear ?? '', 10);
      const decoded: DecodedVin = {
        vin,
        modelYear: Number.isFinite(year) && year > 0 ? year : null,
        make,
        model,
        series: text(values.Series),
        series2: text(values.Series2),
        trim: text(values.Trim),
        trim2: text(values.Trim2),
        bodyClass: text(values.BodyClass),
        doors: text(values.Doors),
        manufacturer: text(values.Manufacturer),
        errorCode: text(values.ErrorCode) ?? '0',
        errorText: text(values.ErrorText) ?? '',
        isDecoded: make !== null && model !== null,
      };
      return decoded;
    },
  };
}
