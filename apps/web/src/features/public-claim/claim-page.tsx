import { jobClaimMessages as m, type TClaimJobDetails } from '@app/contracts/job-claim.contract';
import { Alert, Anchor, Box, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../env';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PublicPage } from '../public-referrals/public-page';
import {
  type ClaimLink,
  fetchClaimJob,
  linkErrorMessage,
  readClaimLink,
  submitClaim,
  submitErrorMessage,
  submitFieldErrors,
} from './claim-api';
import { ClaimLanding, PlatformAgreement } from './claim-overview';
import { ClaimRegistration } from './claim-registration';
import { toProspectData } from './claim-sections';
import { publicClaimKeys } from './query-keys';

/** M90: the link cannot be used; the reason, where to look for the right one, and a way home. */
function ClaimUnavailable({ message }: { message: string }) {
  return (
    <PublicPage title={m.unavailable}>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <Text>
        Check the e-mail you received for the correct link, or contact support if you think this is a mistake.
      </Text>
      <Anchor component={Link} to="/" ta="center">
        Go to the home page
      </Anchor>
    </PublicPage>
  );
}

/** /claim?request&token (R11; 001 §2.6, catalogue rows 104–105, §4.20, §5.12): a job offered by e-mail. */
export function ClaimPage() {
  const [searchParams] = useSearchParams();
  const link = readClaimLink(searchParams);
  if (!link) return <ClaimUnavailable message={m.missingQuery} />;
  return <ClaimFlow link={link} />;
}

function ClaimFlow({ link }: { link: ClaimLink }) {
  const job = useQuery({
    queryKey: publicClaimKeys.job(0, link.request, link.token),
    queryFn: () => fetchClaimJob(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (job.isPending) {
    return (
      <PublicPage title={m.validating}>
        <Center py="md">
          <Loader aria-label={m.validating} />
        </Center>
      </PublicPage>
    );
  }
  if (job.isError) return <ClaimUnavailable message={linkErrorMessage(job.error)} />;
  return <ClaimWizard link={link} job={job.data.jobDetails} />;
}

type Step = 1 | 2 | 3;

/** Steps 1–3; after step 1 the sticky 'Job Opportunity' header shows where the visitor is. */
function ClaimWizard({ link, job }: { link: ClaimLink; job: TClaimJobDetails }) {
  const [step, setStep] = useState<Step>(1);
  const navigate = useNavigate();
  useDocumentTitle(step === 1 ? m.selected : m.opportunity);
  const claim = useMutation({
    mutationFn: submitClaim,
    onSuccess: () => {
      notifications.show({ color: 'green', title: 'Job claimed', message: m.claimedSuccess });
      void navigate('/');
    },
  });
  // One object per failed submit: the registration moves to the section of a field the server refused.
  const serverFieldErrors = useMemo(() => submitFieldErrors(claim.error), [claim.error]);
  // Each step starts at the top, with the focus on its heading (keyboard and screen-reader users).
  const go = (next: Step) => {
    setStep(next);
    window.scrollTo(0, 0);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1')?.focus());
  };

  return (
    <Box mih="100dvh" component="main">
      {step > 1 && <OpportunityHeader step={step} />}
      <Center p={{ base: 'xs', sm: 'md' }}>
        <Stack w="100%" maw={620} gap="md" py="md">
          {step === 1 && (
            <Text fw={700} c="dimmed" ta="center" size="sm">
              {PRODUCT_NAME}
            </Text>
          )}
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            {step === 1 && <ClaimLanding job={job} onClaim={() => go(2)} />}
            {step === 2 && <PlatformAgreement job={job} onBack={() => go(1)} onAccept={() => go(3)} />}
            {step === 3 && (
              <ClaimRegistration
                isSubmitting={claim.isPending}
                submitError={claim.error ? submitErrorMessage(claim.error) : null}
                serverFieldErrors={serverFieldErrors}
                onBack={() => go(2)}
                onSubmit={(values) =>
                  claim.mutate({
                    requestId: link.request,
                    token: link.token,
                    prospectData: toProspectData(values),
                  })
                }
              />
            )}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

/** M96 with three progress dots (step 2 of 3 …). */
function OpportunityHeader({ step }: { step: Step }) {
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      py="xs"
      px="md"
      style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" maw={620} mx="auto" wrap="nowrap">
        <Text fw={700}>{m.opportunity}</Text>
        <Group gap={8} role="img" aria-label={`Step ${step} of 3`}>
          {([1, 2, 3] as const).map((dot) => (
            <Box
              key={dot}
              w={10}
              h={10}
              bg={dot <= step ? 'blue.7' : 'gray.4'}
              style={{ borderRadius: '50%' }}
            />
          ))}
        </Group>
      </Group>
    </Box>
  );
}
