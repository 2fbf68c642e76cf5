import { referralMessages, ZPublicReferralBody } from '@app/contracts/referrals.contract';
import { Alert, Anchor, Badge, Button, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { env } from '../../env';
import { DetailList } from './detail-list';
import { PublicPage } from './public-page';
import { fieldErrorsFrom, messageForPublicError, submitPublicReferral } from './public-referrals-api';

type ReferralFields = { referring_email: string; customer_name: string; customer_email: string; vin: string };
const blankFields: ReferralFields = { referring_email: '', customer_name: '', customer_email: '', vin: '' };

/** /public/referral (R13, 001 §2.6, catalogue §4.19, §5.14): a dealer refers a sold car's buyer without signing in. */
export function PublicReferralPage() {
  // Controlled: the VIN is upper-cased as it is typed, and 'Submit Another Referral' refills the form.
  const form = useForm<ReferralFields>({
    initialValues: blankFields,
    validate: schemaResolver(ZPublicReferralBody, { sync: true }),
  });
  const submit = useMutation({
    mutationFn: submitPublicReferral,
    onError: (error) => form.setErrors(fieldErrorsFrom(error)),
  });
  const hasFieldErrors = Object.keys(fieldErrorsFrom(submit.error)).length > 0;

  if (submit.data) {
    const sent = submit.variables;
    return (
      <PublicPage title="Referral Submitted">
        <Alert color="green" role="status">
          Thank you! We will e-mail {sent.customer_name} about protecting their new vehicle.
        </Alert>
        <DetailList
          details={[
            { label: 'Referral ID', value: `#${submit.data.referralId}` },
            {
              label: 'Status',
              value: (
                <Badge color="green" variant="filled">
                  Active
                </Badge>
              ),
            },
            { label: 'Customer', value: sent.customer_name },
            { label: 'Referred by', value: sent.referring_email },
          ]}
        />
        <Stack gap="sm" component="section" aria-labelledby="what-happens-next">
          <Title order={2} size="h4" id="what-happens-next">
            What Happens Next
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>We e-mail the customer about the protection options for their vehicle.</List.Item>
            <List.Item>The customer picks the services they are interested in.</List.Item>
            <List.Item>Local specialists reach out to the customer within 24–48 hours.</List.Item>
            <List.Item>You earn $25, or $100 for PPF, when the work is complete.</List.Item>
          </List>
        </Stack>
        <Button
          onClick={() => {
            form.setValues({ ...blankFields, referring_email: sent.referring_email });
            form.resetDirty();
            submit.reset();
          }}
        >
          Submit Another Referral
        </Button>
        <Text size="sm" ta="center">
          Questions about a referral? E-mail us at{' '}
          <Anchor href={`mailto:${env.supportEmail}`} size="sm">
            {env.supportEmail}
          </Anchor>
        </Text>
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title="Refer a Customer"
      lead="Sold a vehicle? Tell us who bought it: you earn $25, or $100 for PPF, when a local specialist completes their protection work."
    >
      <form
        noValidate
        aria-label="Refer a Customer"
        onSubmit={form.onSubmit((values) => submit.mutate(ZPublicReferralBody.parse(values)))}
      >
        <Stack gap="md">
          {submit.error && !hasFieldErrors && (
            <Alert color="red" role="alert">
              {messageForPublicError(submit.error, referralMessages.submitFailed)}
            </Alert>
          )}
          <TextInput
            label="Your email"
            description="The e-mail you sign in with at your dealership"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('referring_email')}
          />
          <TextInput
            label="Customer name"
            autoComplete="off"
            required
            {...form.getInputProps('customer_name')}
          />
          <TextInput
            label="Customer email"
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('customer_email')}
          />
          <TextInput
            label="VIN"
            description="17 characters"
            autoComplete="off"
            maxLength={17}
            required
            {...form.getInputProps('vin')}
            onChange={(event) => form.setFieldValue('vin', event.currentTarget.value.toUpperCase())}
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' },
            }}
          />
          <Button type="submit" fullWidth loading={submit.isPending}>
            Submit Referral
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
