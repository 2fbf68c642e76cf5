import { exactZipPlaces, usStateNames, zipPrefixPlaces } from '../../db/seed-data/us-zip';
import { type AddressPort, normalizeUsZip, type ZipCompletion } from './address-port';

/** City and state from the ZIP table shipped with the product (exact Tampa Bay ZIPs, else the 3-digit prefix). */
export function createLocalAddressAdapter(): AddressPort {
  return {
    async completeZip(input) {
      const zip = normalizeUsZip(input);
      if (!zip) return null;
      const exact = exactZipPlaces.get(zip);
      const place = exact ?? zipPrefixPlaces.get(zip.slice(0, 3));
      if (!place) return null;
      const completion: ZipCompletion = {
        zip,
        city: place.city,
        state: place.state,
        stateName: usStateNames[place.state] ?? place.state,
        country: 'US',
        precision: exact ? 'zip' : 'prefix',
      };
      return completion;
    },
  };
}
