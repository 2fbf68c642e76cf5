import { type TClaimInviteReply, ZClaimEmail } from '@app/contracts/job-claim.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { inviteSpecialist } from './claim-api';

const INVITE_FAILED = 'The invitation could not be sent. Please try again.';

/** Only a dealer's own request that is still new and open can be offered to a specialist by e-mail. */
export function isInviteShown(
  userType: UserType,
  request: Pick<TRequestimate, 'currentState' | 'assignedTo'>,
) {
  return userType === 'dealer' && request.currentState === 'new' && request.assignedTo === 0;
}

/**
 * The dealer's 'Invite a specialist by e-mail' (decision 011): the server e-mails a single-use claim link to
 * a specialist without an account; the link is also shown here to pass on another way.
 */
export function InviteSpecialist({
  userType,
  request,
}: {
  userType: UserType;
  request: Pick<TRequestimate, 'requestId' | 'currentState' | 'assignedTo'>;
}) {
  const [isOpen, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const invite = useMutation({ mutationFn: inviteSpecialist });
  if (!isInviteShown(userType, request)) return null;

  function send(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ZClaimEmail.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    invite.mutate({ requestId: request.requestId, email: parsed.data });
  }

  const failure =
    invite.error instanceof ApiHttpError && invite.error.isClientError
      ? invite.error.message
      : invite.error
        ? INVITE_FAILED
        : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="invite-specialist-title"
      mt="md"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h6" tt="uppercase" c="dimmed" id="invite-specialist-title">
            Invite a specialist by e-mail
          </Title>
          {!isOpen && (
            <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
              Invite
            </Button>
          )}
        </Group>
        {isOpen && !invite.data && (
          <form noValidate onSubmit={send}>
            <Stack gap="xs">
              <Text size="sm">
                Know a specialist without an account? We e-mail them a link to claim this job and create a
                free trial account. The link works once and expires in 7 days.
              </Text>
              <TextInput
                label="Specialist's e-mail"
                type="email"
                autoComplete="off"
                value={email}
                error={fieldError}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setFieldError(null);
                }}
              />
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <Group gap="xs">
                <Button type="submit" loading={invite.isPending}>
                  Send Invite
                </Button>
                <Button variant="default" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {invite.data && <InviteSent reply={invite.data} />}
      </Stack>
    </Paper>
  );
}

function InviteSent({ reply }: { reply: TClaimInviteReply }) {
  // Long addresses and the link wrap anywhere, so the panel never scrolls sideways on a phone.
  const wrap = { overflowWrap: 'anywhere' } as const;
  return (
    <Alert color="green" role="status" title="Invitation sent" styles={{ body: { minWidth: 0 } }}>
      <Stack gap="xs">
        <Text size="sm" style={wrap}>
          We e-mailed a claim link to {reply.email}. The first to use it gets the job, as long as no one has
          claimed it.
        </Text>
        <Anchor href={reply.claimLink} size="sm" style={wrap}>
          {reply.claimLink}
        </Anchor>
        <CopyButton value={reply.claimLink}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy} w="fit-content">
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}
