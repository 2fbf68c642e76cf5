import type { FastifyInstance } from 'fastify';
import { createCorgiVinDecoder, defaultVpicDatabasePath } from '../../adapters/vin-decoder/corgi-vin-decoder';
import type { VinDecoderPort } from '../../adapters/vin-decoder/vin-decoder-port';
import { createVpicVinDecoder } from '../../adapters/vin-decoder/vpic-vin-decoder';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createVehiclesRepository } from './vehicles.repository';
import { registerVehiclesRoutes } from './vehicles.routes';
import { createVehiclesService } from './vehicles.service';

/** The VIN decoder the config asks for: vPIC over HTTP when VPIC_URL is set, else the offline NHTSA data. */
export function createVinDecoder(config: Config): VinDecoderPort & { warmUp?: () => Promise<void> } {
  if (config.vpicUrl) return createVpicVinDecoder({ baseUrl: config.vpicUrl });
  return createCorgiVinDecoder({ databasePath: defaultVpicDatabasePath(config.dataDir) });
}

export function createVehiclesModule({ db, config, clock }: { db: Db; config: Config; clock: () => Date }) {
  const decoder = createVinDecoder(config);
  const service = createVehiclesService({ db, repository: createVehiclesRepository(db), decoder, clock });
  return {
    service,
    decoder,
    registerRoutes: (api: FastifyInstance) => registerVehiclesRoutes(api, { service }),
  };
}
