import { type TVehicleCatalogRow, vehicleCatalogMessages } from '@app/contracts/vehicle-catalog.contract';

/** A make and model of the catalog with its trims (002 §3: id make|model, trims, trim_count, …). */
export type VehicleGroup = {
  id: string;
  id_car_make: number;
  id_car_model: number;
  make_name: string;
  model_name: string;
  trims: TVehicleCatalogRow[];
  trim_count: number;
  total_service_overrides: number;
  /** 'start-end', or 'start-Present' when a trim is still built. */
  year_range: string;
};

export type GroupFilter = { search: string; makeId: number | null; dir: 'asc' | 'desc' };

/** Groups of 25 per page keep the table small with thousands of trims. */
export const GROUPS_PER_PAGE = 25;

/** The catalog's rows grouped by make and model, in the rows' order (make, model, trim). */
export function groupCatalog(rows: readonly TVehicleCatalogRow[]): VehicleGroup[] {
  const groups = new Map<number, VehicleGroup>();
  for (const row of rows) {
    let group = groups.get(row.id_car_model);
    if (!group) {
      group = {
        id: `${row.make_name}|${row.model_name}`,
        id_car_make: row.id_car_make,
        id_car_model: row.id_car_model,
        make_name: row.make_name,
        model_name: row.model_name,
        trims: [],
        trim_count: 0,
        total_service_overrides: 0,
        year_range: '',
      };
      groups.set(row.id_car_model, group);
    }
    group.trims.push(row);
    group.trim_count += 1;
    group.total_service_overrides += row.override_count;
  }
  for (const group of groups.values()) group.year_range = yearRange(group.trims);
  return [...groups.values()];
}

/** 'first start-last end', or '-Present' when any trim has no end year. */
export function yearRange(trims: readonly TVehicleCatalogRow[]): string {
  const start = Math.min(...trims.map((t) => t.start_production_year));
  const isCurrent = trims.some((t) => t.end_production_year === null);
  const end = isCurrent ? 'Present' : String(Math.max(...trims.map((t) => t.end_production_year ?? 0)));
  return `${start}-${end}`;
}

const byName = (a: VehicleGroup, b: VehicleGroup) =>
  a.make_name.localeCompare(b.make_name, 'en', { sensitivity: 'base' }) ||
  a.model_name.localeCompare(b.model_name, 'en', { sensitivity: 'base' });

/** Groups whose make, model or a trim contains the search (case-insensitive), of the make, sorted by make. */
export function filterGroups(groups: readonly VehicleGroup[], filter: GroupFilter): VehicleGroup[] {
  const term = filter.search.trim().toLowerCase();
  const found = groups.filter(
    (g) =>
      (filter.makeId === null || g.id_car_make === filter.makeId) &&
      (term === '' ||
        g.make_name.toLowerCase().includes(term) ||
        g.model_name.toLowerCase().includes(term) ||
        g.trims.some((t) => t.trim_name.toLowerCase().includes(term))),
  );
  found.sort(byName);
  if (filter.dir === 'desc') found.reverse();
  return found;
}

/** M195: 'N vehicle group(s) found (M individual vehicles)'. */
export function describeGroups(groups: readonly VehicleGroup[]): string {
  const trims = groups.reduce((sum, g) => sum + g.trim_count, 0);
  return vehicleCatalogMessages.groupsFound(groups.length, trims);
}

/** The Service Overrides cell: 'Add overrides' or 'N override(s)'. */
export function describeOverrides(count: number): string {
  return count === 0 ? 'Add overrides' : `${count} override(s)`;
}
