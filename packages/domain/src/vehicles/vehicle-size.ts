/** Vehicle size classes and body styles of the vehicle catalogue (K56, K58). */

export const vehicleSizes = ['S', 'M', 'L'] as const;
export type VehicleSize = (typeof vehicleSizes)[number];

/** A model with no size is treated as Medium (K56). */
export const defaultVehicleSize: VehicleSize = 'M';

const sizeLabels: Record<VehicleSize, string> = { S: 'Small', M: 'Medium', L: 'Large' };

export const bodyStyles = [
  'Sedan',
  'Coupe',
  'SUV',
  'Wagon',
  'Convertible',
  'Hatchback',
  'Truck',
  'Crossover',
] as const;
export type BodyStyle = (typeof bodyStyles)[number];

export const defaultBodyStyle: BodyStyle = 'Sedan';

export function isVehicleSize(value: unknown): value is VehicleSize {
  return typeof value === 'string' && (vehicleSizes as readonly string[]).includes(value);
}

export function isBodyStyle(value: unknown): value is BodyStyle {
  return typeof value === 'string' && (bodyStyles as readonly string[]).includes(value);
}

/** 'S' → 'Small', 'M' → 'Medium', 'L' → 'Large'. */
export function sizeLabel(size: VehicleSize): string {
  return sizeLabels[size];
}

/** The trim's own size wins, then the model's, else Medium (K56). */
export function resolveVehicleSize(
  modelSize?: VehicleSize | null,
  trimSize?: VehicleSize | null,
): VehicleSize {
  return trimSize ?? modelSize ?? defaultVehicleSize;
}
