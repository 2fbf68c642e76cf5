import { type CreationSuite, startCreationSuite } from '../request-creation/creation.fixture';

type Json = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The vehicle catalog tests' world: the creation tests' (reference vehicles, installers One and Two with
 * PPF and tint, dealer Sun working with One, One's wholesale Full Front PPF override on the Camry LE), on the
 * real clock, with installers One and Two and the dealer signed in.
 */
export async function startVehicleCatalogSuite() {
  const suite: CreationSuite = await startCreationSuite(['dealer', 'one', 'two'], {});
  const { t, f, s } = suite;
  /** Sends a call as the named user (any method). */
  const call = (who: 'dealer' | 'one' | 'two', method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as Json, headers: s[who]?.headers });
  const camry = f.reference.find('Toyota', 'Camry', 'LE') as {
    makeId: number;
    modelId: number;
    trimId: number;
  };
  const camryTrims = f.reference.trims.filter((trim) => trim.modelId === camry.modelId);
  /** One's retail (installer) price of a PPF service for a trim (0: none), in dollars, as the wizard quotes it. */
  const quote = async (description: string, size: string, catalog: 'RETAIL' | 'WHOLE', trimId: number) => {
    const who = catalog === 'RETAIL' ? 'one' : 'dealer';
    const url =
      catalog === 'RETAIL'
        ? `/api/services/${f.one.id}/${size}/RETAIL/PPF/${trimId}`
        : `/api/services/${f.one.id}/${size}/WHOLE/PPF/${f.sun.id}/${trimId}`;
    const res = await call(who, 'GET', url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const row = (res.json() as Json[]).find((r) => r.description === description);
    return { cost: row?.service_cost, source: row?.price_source };
  };
  return { ...suite, call, camry, camryTrims, quote };
}
export type VehicleCatalogSuite = Awaited<ReturnType<typeof startVehicleCatalogSuite>>;
