import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TemplatesPanel } from '../catalog-templates/templates-panel';
import { ServiceCatalogPanel } from './service-catalog-panel';

type Mode = 'services' | 'templates';

/** `/services` (R16, R17): the installer's service catalog, or its catalog templates (`?mode=templates`). */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'templates' ? 'templates' : 'services';
  const title = mode === 'services' ? 'Manage Services Catalog' : 'Manage Service Templates';
  useDocumentTitle(title);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <SegmentedControl
        aria-label="Catalog view"
        w="fit-content"
        value={mode}
        onChange={(value) => setParams(value === 'templates' ? { mode: 'templates' } : {}, { replace: true })}
        data={[
          { value: 'services', label: 'Services' },
          { value: 'templates', label: 'Templates' },
        ]}
      />
      {mode === 'services' ? <ServiceCatalogPanel /> : <TemplatesPanel />}
    </Stack>
  );
}
