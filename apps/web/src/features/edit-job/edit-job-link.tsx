import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { actionLabels } from '@app/domain/service-requests/request-status';
import { Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canOfferEditJob } from './edit-job-lines';

/** EDIT JOB on the request detail's actions: opens /editJob/{requestId} (R22) for those who may edit it. */
export function EditJobLink({
  user,
  request,
}: {
  user: Pick<TSessionUser, 'userType' | 'companyId'>;
  request: TRequestimate;
}) {
  if (!canOfferEditJob(user, request)) return null;
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={`/editJob/${request.requestId}`}
        variant="light"
        size="sm"
        leftSection={<IconPencil size={16} aria-hidden />}
      >
        {actionLabels.editJob}
      </Button>
    </Group>
  );
}
