import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { buildService } from '../service-requests.fixtures';
import { RequestHistory } from './request-parts';

const part = { isPending: false, isError: false, isFetching: false, refetch: () => undefined };

describe('RequestHistory', () => {
  it('names the service of START and FINISH SERVICE records in words, in the order written', () => {
    const services = [
      buildService({ service_id: 11, description: 'Full Front PPF' }),
      buildService({ service_id: 12, description: 'Tint', custom_description: 'Ceramic tint, all sides' }),
    ];
    const record = (id: number, requestStatus: string, serviceId: number | null) => ({
      id,
      requestId: 1,
      stateDate: '2026/11/22 10:00:00',
      requestStatus,
      serviceId,
      changedByUserId: null,
      changedByUserType: null,
    });
    renderWithProviders(
      <RequestHistory
        records={[
          record(1, 'received', null),
          record(2, 'started', 11),
          record(3, 'started', 12),
          record(4, 'finished', 99),
        ]}
        services={services}
        part={part}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Sun, Nov 22nd 2026: Vehicle received',
      'Sun, Nov 22nd 2026: Service started (Full Front PPF)',
      'Sun, Nov 22nd 2026: Service started (Ceramic tint, all sides)',
      'Sun, Nov 22nd 2026: Service finished',
    ]);
  });
});
