import { ZMeta } from '@app/contracts/shell.contract';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../../lib/query-keys';
import { versionKeys } from '../query-keys';

const VERSION_CHECK_MS = 60 * 60_000;

/** The version published on the front-end host (002 §2.4), read at load and then hourly. */
async function fetchPublishedVersion(): Promise<string> {
  // The timestamp defeats every cache between here and the host.
  const response = await fetch(`/meta.json?t=${Date.now()}`, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /meta.json answered ${response.status}`);
  return ZMeta.parse(await response.json()).version;
}

export function usePublishedVersion() {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: versionKeys.published(companyId),
    queryFn: fetchPublishedVersion,
    staleTime: VERSION_CHECK_MS,
    refetchInterval: VERSION_CHECK_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    // A failed check is silent: the banner is a courtesy, and the next hourly check tries again.
    retry: false,
  });
}
