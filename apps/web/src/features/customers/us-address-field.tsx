import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { completeUsZip } from './customers-api';
import { customerScreenKeys } from './query-keys';
import { completeAddress, isComplete, trailingZip } from './us-address';

/**
 * A one-line US address whose ZIP is completed to 'City, ST ZIP' (the suggestion appears once the line ends
 * with a US ZIP; arrows and Enter pick it). Places outside the US are not completed.
 */
export function UsAddressField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  label?: string;
  readOnly?: boolean;
}) {
  const companyId = useActingCompanyId();
  const [line] = useDebouncedValue(props.value, 150);
  const zip = trailingZip(line);
  const place = useQuery({
    queryKey: customerScreenKeys.zip(companyId, zip ?? ''),
    queryFn: () => completeUsZip(zip ?? ''),
    enabled: zip !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const suggestion =
    zip && place.data && !isComplete(props.value, place.data)
      ? completeAddress(props.value, place.data)
      : null;
  return (
    <Autocomplete
      label={props.label ?? 'Address'}
      description="US addresses: end with the ZIP code to complete the city and state"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      data={suggestion ? [suggestion] : []}
      filter={({ options }) => options}
      maxDropdownHeight={200}
      autoComplete="off"
      readOnly={props.readOnly}
    />
  );
}
