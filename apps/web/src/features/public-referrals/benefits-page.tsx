import { type TBenefits, ZBenefitsInterestBody } from '@app/contracts/referrals.contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { env } from '../../env';
import { PublicPage, PublicPageLoading } from './public-page';
import {
  fetchBenefits,
  fieldErrorsFrom,
  isRefusedLink,
  messageForPublicError,
  type ReferralLink,
  readReferralLink,
  registerInterest,
} from './public-referrals-api';
import { publicReferralKeys } from './query-keys';

const BENEFITS_WIDTH = 760;
const interestFailed = 'We could not send your request. Please try again.';
const linkProblem =
  'This link is not complete. Please open the link in the e-mail from your dealership again.';
const ZInterestFields = ZBenefitsInterestBody.pick({ services: true, zip: true, phone: true });
type InterestFields = { services: string[]; zip: string; phone: string };

/**
 * The keys of the services the referral already names: `requested_service` is a key or a name ('PPF'), or the
 * names the customer chose before, joined by ', '.
 */
function requestedServiceKeys(offer: TBenefits): string[] {
  const parts = (offer.requested_service ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return offer.services
    .filter(
      (service) => parts.includes(service.key.toLowerCase()) || parts.includes(service.name.toLowerCase()),
    )
    .map((service) => service.key);
}

/** The friendly page of a link that cannot be used (missing, unknown, expired). */
function UnavailableOffer({ title, message }: { title: string; message: string }) {
  return (
    <PublicPage title={title}>
      <Text>{message}</Text>
      <Text>
        Your dealership can send you a new link, or{' '}
        <Anchor href={`mailto:${env.supportEmail}`}>write to our support team</Anchor> and we will help.
      </Text>
    </PublicPage>
  );
}

/**
 * /public/benefits?referral&token (issue 11, docs/decisions/010): what the customer e-mail links to. The dealer
 * thanks the buyer, shows the protection services local specialists offer, and 'I'm interested' sends the lead to
 * the specialists near the customer's ZIP. Opening it records VIEWED on the server (the GET does it).
 */
export function BenefitsPage() {
  const [searchParams] = useSearchParams();
  const link = readReferralLink(searchParams);
  if (!link) return <UnavailableOffer title="This Link Is Not Valid" message={linkProblem} />;
  return <Benefits link={link} />;
}

function Benefits({ link }: { link: ReferralLink }) {
  const benefits = useQuery({
    queryKey: publicReferralKeys.benefits(0, link.referral, link.token),
    queryFn: () => fetchBenefits(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  if (benefits.isPending)
    return (
      <PublicPageLoading
        title="Your Vehicle Protection Options"
        message="Loading your protection options..."
      />
    );
  if (benefits.isError) {
    if (isRefusedLink(benefits.error))
      return (
        <UnavailableOffer
          title="This Link Is Not Valid"
          message={messageForPublicError(benefits.error, linkProblem)}
        />
      );
    return (
      <PublicPage title="Your Vehicle Protection Options">
        <Alert color="red" role="alert">
          {messageForPublicError(benefits.error, 'We could not load your offer. Please try again.')}
        </Alert>
        <Button onClick={() => benefits.refetch()} loading={benefits.isFetching}>
          Try Again
        </Button>
      </PublicPage>
    );
  }
  const offer = benefits.data;
  if (offer.expired && !offer.interested)
    return (
      <UnavailableOffer
        title="This Offer Has Expired"
        message={`The protection offer for your ${offer.vehicle_info} from ${offer.dealer_name} is no longer open.`}
      />
    );
  return <BenefitsOffer offer={offer} link={link} />;
}

function BenefitsOffer({ offer, link }: { offer: TBenefits; link: ReferralLink }) {
  const interest = useMutation({ mutationFn: registerInterest });
  const requested = requestedServiceKeys(offer);
  const isInterested = offer.interested || interest.isSuccess;

  return (
    <PublicPage
      title={`${offer.dealer_name} thanks you for your purchase`}
      lead={`Hi ${offer.customer_first_name}, congratulations on your new vehicle. Local specialists can help you keep it looking new.`}
      maxWidth={BENEFITS_WIDTH}
    >
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="your-vehicle">
        <Text size="sm" c="dimmed" id="your-vehicle">
          Your vehicle
        </Text>
        <Text fw={700} size="lg">
          {offer.vehicle_info}
        </Text>
        {offer.vin && (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            VIN {offer.vin}
          </Text>
        )}
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="protection-services">
        <Title order={2} size="h3" id="protection-services">
          Protection services
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {offer.services.map((service) => (
            <Paper key={service.key} withBorder radius="md" p="md">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Title order={3} size="h5">
                  {service.name}
                </Title>
                {requested.includes(service.key) && (
                  <Badge variant="light" color="blue">
                    Recommended
                  </Badge>
                )}
              </Group>
              <Text size="sm" mt={4}>
                {service.description}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      {isInterested ? (
        <Alert color="green" role="status" title="Thank you, we have your request!">
          A local specialist will contact you within 24–48 hours.
        </Alert>
      ) : (
        <InterestForm
          offer={offer}
          isSending={interest.isPending}
          error={interest.error}
          onSend={(fields) => interest.mutate({ referral: link.referral, token: link.token, ...fields })}
        />
      )}
    </PublicPage>
  );
}

function InterestForm({
  offer,
  isSending,
  error,
  onSend,
}: {
  offer: TBenefits;
  isSending: boolean;
  error: Error | null;
  onSend: (fields: { services: string[]; zip: string; phone?: string }) => void;
}) {
  const form = useForm<InterestFields>({
    initialValues: {
      services: requestedServiceKeys(offer),
      zip: offer.zip_code ?? '',
      phone: '',
    },
    validate: schemaResolver(ZInterestFields, { sync: true }),
  });
  const serverFieldErrors = fieldErrorsFrom(error);
  const hasFieldErrors = Object.keys(serverFieldErrors).length > 0;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        aria-labelledby="interested"
        onSubmit={form.onSubmit((values) =>
          onSend({
            services: values.services,
            zip: values.zip.trim(),
            phone: values.phone.trim() || undefined,
          }),
        )}
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="interested">
              I'm interested
            </Title>
            <Text size="sm" mt={4}>
              Tell us what you would like and a local specialist will contact you. There is no obligation.
            </Text>
          </div>
          {error && !hasFieldErrors && (
            <Alert color="red" role="alert">
              {messageForPublicError(error, interestFailed)}
            </Alert>
          )}
          <Checkbox.Group
            label="Services you are interested in"
            required
            {...form.getInputProps('services')}
            error={form.errors.services ?? serverFieldErrors.services}
          >
            <Stack gap="xs" mt="xs">
              {offer.services.map((service) => (
                <Checkbox key={service.key} value={service.key} label={service.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              required
              {...form.getInputProps('zip')}
              error={form.errors.zip ?? serverFieldErrors.zip}
            />
            <TextInput
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('phone')}
              error={form.errors.phone ?? serverFieldErrors.phone}
            />
          </SimpleGrid>
          <Button type="submit" loading={isSending} fullWidth>
            I'm interested
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
