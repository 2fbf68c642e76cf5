/**
 * Matching a decoded VIN to the reference catalog of makes, models and trims (001 §8, §9; catalogue 4.10 #50,
 * K34, K56). Pure: the caller passes the reference rows.
 *
 * Names are compared in a normalised form: lower case, letters and digits only ('CR-V' → 'crv',
 * '3-Series' → '3series'). Similarity is the Dice coefficient of the normalised names' letter pairs
 * (1 for equal names, 0 for names sharing no pair); a one-character name scores 1 or 0.
 *
 * 1. Make: the reference make whose name equals the decoded make ('exact'); otherwise the most similar one
 *    scoring above 0.8 ('loose', the spec's looser fallback).
 * 2. Model, among the make's models: the decoded model is tried as given, joined with the series, and the
 *    series alone (vPIC names the BMW 330i's series '3-Series' and the Silverado's series '1500').
 *    An equal name is 'exact'; otherwise the most similar name scoring above 0.7 ('loose').
 * 3. Trim, among the model's trims that fit the model year (start ≤ year ≤ end, an open end is still built):
 *    score = 0.5 × year fit + 0.3 × trim similarity + 0.2 × body similarity. A trim that does not fit the year
 *    is never chosen, so year fit is 1 for every candidate and the ranking comes from trim and body. The
 *    decoded trim text is split into its alternatives ('L/LE/SE/XLE', 'Carrera S / Carrera 4S'), Trim2 and the
 *    series are tried too, and each is also read with the model name in front ('350 Premium' of an RX is
 *    'RX 350 Premium'). Trim similarity is the better of the Dice score and word containment (see
 *    trimNameSimilarity: 'Sport' in 'Unlimited Sport'). The best score wins (ties: the earlier decoded alternative, then the lower id). The trim
 *    is accepted when its trim similarity is at least 0.6, or when it is the only trim fitting the year and
 *    its body does not contradict the decoded one; otherwise no trim is chosen (the user picks it).
 * 4. Size: the trim's size, else the model's, else M (K56).
 */
import { type BodyStyle, resolveVehicleSize, type VehicleSize } from './vehicle-size';

export const MAKE_SCORE_THRESHOLD = 0.8;
export const MODEL_SCORE_THRESHOLD = 0.7;
export const TRIM_WEIGHTS = { year: 0.5, trim: 0.3, body: 0.2 } as const;
/** Trim similarity needed to pick a trim among several. */
export const TRIM_SIMILARITY_THRESHOLD = 0.6;

export type ReferenceMake = { id: number; name: string };
export type ReferenceModel = { id: number; makeId: number; name: string; size: VehicleSize };
export type ReferenceTrim = {
  id: number;
  modelId: number;
  name: string;
  bodyStyle: string;
  size: VehicleSize;
  startYear: number;
  /** Null: still in production. */
  endYear: number | null;
};
export type VehicleReference = {
  makes: readonly ReferenceMake[];
  models: readonly ReferenceModel[];
  trims: readonly ReferenceTrim[];
};

/** What a VIN decoder gives (vPIC DecodeVinValues names in camelCase). */
export type DecodedVehicle = {
  modelYear: number | null;
  make: string | null;
  model: string | null;
  series?: string | null;
  trim?: string | null;
  trim2?: string | null;
  /** vPIC BodyClass ('Sedan/Saloon', 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)', 'Pickup'). */
  bodyClass?: string | null;
};

export type MatchKind = 'exact' | 'loose';
export type MatchedMake = ReferenceMake & { score: number; kind: MatchKind };
export type MatchedModel = ReferenceModel & { score: number; kind: MatchKind };
export type MatchedTrim = ReferenceTrim & {
  score: number;
  yearFit: number;
  trimSimilarity: number;
  bodySimilarity: number;
};

export type VehicleMatch = {
  make: MatchedMake | null;
  model: MatchedModel | null;
  trim: MatchedTrim | null;
  /** The decoded body class as one of the catalog's body styles, when it maps to one. */
  bodyStyle: BodyStyle | null;
  size: VehicleSize;
  /** 'exact' when make and model matched by name, 'loose' when either needed the fallback, 'none' otherwise. */
  matchType: 'exact' | 'loose' | 'none';
};

/** Lower case, letters and digits only. */
export function normalizeVehicleName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function letterPairs(text: string): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < text.length - 1; i++) pairs.push(text.slice(i, i + 2));
  return pairs;
}

/** Dice coefficient of the normalised names' letter pairs, 0..1 (1 when the normalised names are equal). */
export function nameSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const x = normalizeVehicleName(a);
  const y = normalizeVehicleName(b);
  if (x.length === 0 || y.length === 0) return 0;
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const pairsX = letterPairs(x);
  const pairsY = letterPairs(y);
  const counts = new Map<string, number>();
  for (const pair of pairsY) counts.set(pair, (counts.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of pairsX) {
    const left = counts.get(pair) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(pair, left - 1);
    }
  }
  return (2 * shared) / (pairsX.length + pairsY.length);
}

/** vPIC body classes (and common spellings) to the catalog's body styles (K58); null when none fits. */
export function mapBodyClass(bodyClass: string | null | undefined): BodyStyle | null {
  const text = (bodyClass ?? '').toLowerCase();
  if (text.length === 0) return null;
  if (text.includes('convertible') || text.includes('cabriolet') || text.includes('roadster')) {
    return 'Convertible';
  }
  if (text.includes('pickup') || text.includes('truck')) return 'Truck';
  if (text.includes('crossover') || text.includes('cuv')) return 'Crossover';
  if (text.includes('sport utility') || text.includes('suv') || text.includes('mpv')) return 'SUV';
  if (text.includes('wagon') || text.includes('minivan') || text.includes('van')) return 'Wagon';
  if (text.includes('hatchback') || text.includes('liftback')) return 'Hatchback';
  if (text.includes('coupe')) return 'Coupe';
  if (text.includes('sedan') || text.includes('saloon')) return 'Sedan';
  return null;
}

/** Styles close enough to count half (an SUV listed as a crossover, a hatchback as a wagon). */
const relatedStyles: ReadonlyArray<readonly [BodyStyle, BodyStyle]> = [
  ['SUV', 'Crossover'],
  ['Hatchback', 'Wagon'],
  ['Sedan', 'Coupe'],
  ['Coupe', 'Convertible'],
];

/** 1 for the same style, 0.5 for related styles, 0 otherwise (and 0 when the decoded body is unknown). */
export function bodySimilarity(decoded: BodyStyle | null, trimBodyStyle: string): number {
  if (decoded === null) return 0;
  if (decoded === trimBodyStyle) return 1;
  return relatedStyles.some(
    ([a, b]) => (a === decoded && b === trimBodyStyle) || (b === decoded && a === trimBodyStyle),
  )
    ? 0.5
    : 0;
}

/** True when the trim was built in the model year (an unknown year fits every trim). */
export function isTrimInYear(
  trim: Pick<ReferenceTrim, 'startYear' | 'endYear'>,
  year: number | null,
): boolean {
  if (year === null) return true;
  return trim.startYear <= year && (trim.endYear === null || year <= trim.endYear);
}

function pickBest<T extends { id: number }>(
  candidates: readonly T[],
  score: (candidate: T) => number,
): { item: T; score: number } | null {
  let best: { item: T; score: number } | null = null;
  for (const item of candidates) {
    const value = score(item);
    if (!best || value > best.score || (value === best.score && item.id < best.item.id)) {
      best = { item, score: value };
    }
  }
  return best;
}

export function matchMake(decoded: DecodedVehicle, makes: readonly ReferenceMake[]): MatchedMake | null {
  const wanted = normalizeVehicleName(decoded.make);
  if (wanted.length === 0) return null;
  const exact = makes.find((m) => normalizeVehicleName(m.name) === wanted);
  if (exact) return { ...exact, score: 1, kind: 'exact' };
  const best = pickBest(makes, (m) => nameSimilarity(decoded.make, m.name));
  return best && best.score > MAKE_SCORE_THRESHOLD
    ? { ...best.item, score: best.score, kind: 'loose' }
    : null;
}

/** The names a decoded model may go by: the model, model + series, the series. */
export function listModelCandidates(decoded: DecodedVehicle): string[] {
  const model = decoded.model?.trim() ?? '';
  const series = decoded.series?.trim() ?? '';
  const names = [model, model && series ? `${model} ${series}` : '', series];
  return [...new Set(names.filter((n) => normalizeVehicleName(n).length > 0))];
}

export function matchModel(
  decoded: DecodedVehicle,
  models: readonly ReferenceModel[],
  makeId: number,
): MatchedModel | null {
  const own = models.filter((m) => m.makeId === makeId);
  const candidates = listModelCandidates(decoded);
  for (const name of candidates) {
    const wanted = normalizeVehicleName(name);
    const exact = own.find((m) => normalizeVehicleName(m.name) === wanted);
    if (exact) return { ...exact, score: 1, kind: 'exact' };
  }
  let best: { item: ReferenceModel; score: number } | null = null;
  for (const name of candidates) {
    const found = pickBest(own, (m) => nameSimilarity(name, m.name));
    if (found && (!best || found.score > best.score)) best = found;
  }
  return best && best.score > MODEL_SCORE_THRESHOLD
    ? { ...best.item, score: best.score, kind: 'loose' }
    : null;
}

/**
 * The decoded trim texts, in order: each alternative of Trim, then Trim2, the series, and the decoded model
 * when the model matched under another name (vPIC's BMW model '330i' is a trim of the 3 Series).
 */
export function listTrimCandidates(decoded: DecodedVehicle, matchedModelName?: string): string[] {
  const split = (text: string | null | undefined) =>
    (text ?? '')
      .replace(/\bw\/\s*/gi, 'with ') // 'SE w/ Technology' is one alternative, not two
      .split(/\s*[/,;]\s*/)
      .map((part) => part.trim())
      .filter((part) => normalizeVehicleName(part).length > 0);
  const model =
    matchedModelName !== undefined &&
    normalizeVehicleName(decoded.model) !== normalizeVehicleName(matchedModelName)
      ? split(decoded.model)
      : [];
  return [...new Set([...split(decoded.trim), ...split(decoded.trim2), ...split(decoded.series), ...model])];
}

function tokensOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Trim similarity: the better of the names' Dice score and word containment: every word of the reference
 * trim appears in the decoded text ('Sport' in 'Unlimited Sport') → 0.6 + 0.4 × the share of the decoded
 * text those words cover.
 */
export function trimNameSimilarity(decodedText: string, trimName: string): number {
  const dice = nameSimilarity(decodedText, trimName);
  const decodedTokens = tokensOf(decodedText);
  const trimTokens = tokensOf(trimName);
  if (trimTokens.length === 0 || !trimTokens.every((t) => decodedTokens.includes(t))) return dice;
  const covered = trimTokens.join('').length / Math.max(1, decodedTokens.join('').length);
  return Math.max(dice, 0.6 + 0.4 * Math.min(1, covered));
}

export function matchTrim(
  decoded: DecodedVehicle,
  trims: readonly ReferenceTrim[],
  model: Pick<ReferenceModel, 'id' | 'name'>,
): MatchedTrim | null {
  const year = decoded.modelYear;
  const fitting = trims.filter((t) => t.modelId === model.id && isTrimInYear(t, year));
  if (fitting.length === 0) return null;
  const body = mapBodyClass(decoded.bodyClass);
  const texts = listTrimCandidates(decoded, model.name);

  let best: { trim: ReferenceTrim; similarity: number; body: number; score: number; rank: number } | null =
    null;
  for (const trim of fitting) {
    let similarity = 0;
    let rank = texts.length;
    texts.forEach((text, index) => {
      const value = Math.max(
        trimNameSimilarity(text, trim.name),
        trimNameSimilarity(`${model.name} ${text}`, trim.name),
      );
      if (value > similarity) {
        similarity = value;
        rank = index;
      }
    });
    const bodyScore = bodySimilarity(body, trim.bodyStyle);
    const score = TRIM_WEIGHTS.year * 1 + TRIM_WEIGHTS.trim * similarity + TRIM_WEIGHTS.body * bodyScore;
    const isBetter =
      !best ||
      score > best.score + 1e-9 ||
      (Math.abs(score - best.score) <= 1e-9 &&
        (rank < best.rank || (rank === best.rank && trim.id < best.trim.id)));
    if (isBetter) best = { trim, similarity, body: bodyScore, score, rank };
  }
  if (!best) return null;
  const isOnlyFit = fitting.length === 1 && (body === null || best.body > 0);
  if (best.similarity < TRIM_SIMILARITY_THRESHOLD && !isOnlyFit) return null;
  return {
    ...best.trim,
    score: Math.round(best.score * 1000) / 1000,
    yearFit: 1,
    trimSimilarity: Math.round(best.similarity * 1000) / 1000,
    bodySimilarity: best.body,
  };
}

/** Make, model, trim and size of a decoded vehicle in the reference catalog (see the module comment). */
export function matchDecodedVehicle(decoded: DecodedVehicle, reference: VehicleReference): VehicleMatch {
  const bodyStyle = mapBodyClass(decoded.bodyClass);
  const make = matchMake(decoded, reference.makes);
  const model = make ? matchModel(decoded, reference.models, make.id) : null;
  const trim = model ? matchTrim(decoded, reference.trims, model) : null;
  const matchType =
    make && model ? (make.kind === 'exact' && model.kind === 'exact' ? 'exact' : 'loose') : 'none';
  return {
    make,
    model,
    trim,
    bodyStyle,
    size: resolveVehicleSize(model?.size ?? null, trim?.size ?? null),
    matchType,
  };
}
