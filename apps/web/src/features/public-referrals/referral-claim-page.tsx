import {
  referralMessages,
  type TClaimReferralReply,
  type TReferralPreview,
  ZPublicClaimFields,
} from '@app/contracts/referrals.contract';
import { Alert, Anchor, Button, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { env, PRODUCT_NAME } from '../../env';
import { DetailList } from './detail-list';
import { PublicPage, PublicPageLoading } from './public-page';
import {
  claimReferral,
  fetchReferralPreview,
  fieldErrorsFrom,
  isRefusedLink,
  messageForPublicError,
  type ReferralLink,
  readReferralLink,
} from './public-referrals-api';
import { publicReferralKeys } from './query-keys';
import { formatReferralDate, formatUsPhone, telHref } from './referral-format';

/** M111: the one page for a link that is missing, unknown, forged, expired or already claimed. */
function InvalidReferralLink({ message }: { message: string }) {
  return (
    <PublicPage title="Invalid Referral Link">
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <Text>
        Check the e-mail you received for the correct link, or contact support if you think this is a mistake.
      </Text>
      <Anchor href={env.homepageUrl} ta="center">
        Go to {PRODUCT_NAME}
      </Anchor>
    </PublicPage>
  );
}

/** /referralclaim?referral&token (R12, 001 §2.6, catalogue §4.18, §5.13): a specialist claims a lead by e-mail. */
export function ReferralClaimPage() {
  const [searchParams] = useSearchParams();
  const link = readReferralLink(searchParams);
  if (!link) return <InvalidReferralLink message={referralMessages.invalidLink} />;
  return <ReferralClaim link={link} />;
}

function ReferralClaim({ link }: { link: ReferralLink }) {
  const preview = useQuery({
    queryKey: publicReferralKeys.preview(0, link.referral, link.token),
    queryFn: () => fetchReferralPreview(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const claim = useMutation({ mutationFn: claimReferral });

  if (claim.data) return <ClaimSuccess reply={claim.data} />;
  if (preview.isPending)
    return <PublicPageLoading title="Claim This Referral" message="Validating referral..." />;
  if (preview.isError) {
    if (isRefusedLink(preview.error))
      return (
        <InvalidReferralLink message={messageForPublicError(preview.error, referralMessages.invalidLink)} />
      );
    return (
      <PublicPage title="Claim This Referral">
        <Alert color="red" role="alert">
          {messageForPublicError(preview.error, referralMessages.claimFailed)}
        </Alert>
        <Button onClick={() => preview.refetch()} loading={preview.isFetching}>
          Try Again
        </Button>
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title="Claim This Referral"
      lead="A customer near you is looking for vehicle protection. Claim the lead to get their contact details."
    >
      <ReferralPreview preview={preview.data.referral_preview} />
      <ClaimForm
        isClaiming={claim.isPending}
        error={claim.error}
        onClaim={(fields) => claim.mutate({ referral_id: link.referral, claim_token: link.token, ...fields })}
      />
    </PublicPage>
  );
}

function ReferralPreview({ preview }: { preview: TReferralPreview }) {
  const expiresOn = formatReferralDate(preview.expiration_date);
  return (
    <Stack gap="sm" component="section" aria-labelledby="referral-preview-title">
      <Title order={2} size="h4" id="referral-preview-title">
        Lead Details
      </Title>
      <DetailList
        details={[
          { label: 'Customer', value: preview.customer_name },
          { label: 'Service type', value: preview.service_type ?? 'Not specified yet' },
          { label: 'Location area', value: preview.location_area ?? 'Not specified yet' },
          { label: 'Vehicle', value: preview.vehicle_info },
        ]}
      />
      {expiresOn && <Text size="sm">This lead can be claimed until {expiresOn}.</Text>}
    </Stack>
  );
}

type ClaimFields = {
  specialist_name: string;
  specialist_email: string;
  specialist_phone: string;
  specialist_business: string;
};

const claimFieldInputs: {
  name: keyof ClaimFields;
  label: string;
  type?: string;
  autoComplete: string;
  description?: string;
}[] = [
  { name: 'specialist_name', label: 'Your name', autoComplete: 'name' },
  { name: 'specialist_email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  {
    name: 'specialist_phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    description: '10-digit US number',
  },
  { name: 'specialist_business', label: 'Business name', autoComplete: 'organization' },
];

function ClaimForm({
  isClaiming,
  error,
  onClaim,
}: {
  isClaiming: boolean;
  error: Error | null;
  onClaim: (fields: ClaimFields) => void;
}) {
  // Checked on submit only; Mantine clears a field's error as soon as it is edited (catalogue §4.18).
  const form = useForm<ClaimFields>({
    mode: 'uncontrolled',
    initialValues: {
      specialist_name: '',
      specialist_email: '',
      specialist_phone: '',
      specialist_business: '',
    },
    validate: schemaResolver(ZPublicClaimFields, { sync: true }),
  });
  const serverFieldErrors = fieldErrorsFrom(error);
  const hasFieldErrors = Object.keys(serverFieldErrors).length > 0;

  return (
    <form
      noValidate
      aria-labelledby="claim-form-title"
      onSubmit={form.onSubmit((values) => onClaim(ZPublicClaimFields.parse(values)))}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="claim-form-title">
          Your details
        </Title>
        {error && !hasFieldErrors && (
          <Alert color="red" role="alert">
            {messageForPublicError(error, referralMessages.claimFailed)}
          </Alert>
        )}
        {claimFieldInputs.map(({ name, ...input }) => (
          <TextInput
            key={form.key(name)}
            required
            {...input}
            {...form.getInputProps(name)}
            error={form.errors[name] ?? serverFieldErrors[name]}
          />
        ))}
        <Button type="submit" fullWidth loading={isClaiming}>
          Claim Referral
        </Button>
      </Stack>
    </form>
  );
}

function ClaimSuccess({ reply }: { reply: TClaimReferralReply }) {
  const customer = reply.customer_details;
  return (
    <PublicPage title="Referral Claimed" maxWidth={620}>
      <Alert color="green" role="status" title={referralMessages.claimed}>
        The lead is yours: nobody else can claim it now.
      </Alert>
      <Stack gap="sm" component="section" aria-labelledby="customer-contact-title">
        <Title order={2} size="h4" id="customer-contact-title">
          Customer Contact Details
        </Title>
        <DetailList
          details={[
            { label: 'Name', value: customer.name },
            {
              label: 'Phone',
              value: customer.phone ? (
                <Anchor href={telHref(customer.phone)}>{formatUsPhone(customer.phone)}</Anchor>
              ) : (
                'Not given'
              ),
            },
            {
              label: 'E-mail',
              value: customer.email ? (
                <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor>
              ) : (
                'Not given'
              ),
            },
            { label: 'Service requested', value: customer.service_requested ?? 'Not specified yet' },
            { label: 'Location', value: customer.location ?? 'Not specified yet' },
            { label: 'Vehicle', value: customer.vehicle },
          ]}
        />
        {reply.email_sent_to && (
          <Text size="sm">A copy of these details was e-mailed to {reply.email_sent_to}.</Text>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="next-steps-title">
        <Title order={2} size="h4" id="next-steps-title">
          Next Steps
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>Contact the customer within 24 hours, by phone or e-mail.</List.Item>
          <List.Item>Agree on the services they want and a time to bring the vehicle in.</List.Item>
          <List.Item>
            Do the work: the dealership that referred the customer is thanked when it is complete.
          </List.Item>
        </List>
      </Stack>
      <Text ta="center">
        New to {PRODUCT_NAME}?{' '}
        <Anchor href={env.homepageUrl}>Learn how we send local leads to specialists</Anchor>
      </Text>
    </PublicPage>
  );
}
