import { jobClaimMessages as m } from '@app/contracts/job-claim.contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  PasswordInput,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  type ClaimField,
  type ClaimFormValues,
  claimSections,
  emptyClaimForm,
  validateSection,
} from './claim-sections';

type FieldInput = {
  label: string;
  type?: 'email' | 'tel';
  autoComplete: string;
  isPassword?: boolean;
  placeholder?: string;
};

const fieldInputs: Record<ClaimField, FieldInput> = {
  firstName: { label: 'First name', autoComplete: 'given-name' },
  lastName: { label: 'Last name', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel' },
  businessName: { label: 'Business name', autoComplete: 'organization' },
  password: {
    label: 'Password',
    autoComplete: 'new-password',
    isPassword: true,
    placeholder: m.passwordPlaceholder,
  },
  confirmPassword: { label: 'Confirm password', autoComplete: 'new-password', isPassword: true },
};

/**
 * Step 3: registration in three sections with a progress bar (001 §2.6). Continue checks the current section
 * only; Back on the first section returns to the agreement; the last section submits ('Claim This Job').
 */
export function ClaimRegistration({
  isSubmitting,
  submitError,
  serverFieldErrors,
  onBack,
  onSubmit,
}: {
  isSubmitting: boolean;
  submitError: string | null;
  serverFieldErrors: Record<string, string>;
  onBack: () => void;
  onSubmit: (values: ClaimFormValues) => void;
}) {
  const [section, setSection] = useState(0);
  const [values, setValues] = useState<ClaimFormValues>(emptyClaimForm);
  const [errors, setErrors] = useState<Partial<Record<ClaimField, string>>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = claimSections[section] ?? (claimSections[0] as (typeof claimSections)[number]);
  const isLast = section === claimSections.length - 1;

  // A field the server refused: show it in its own section.
  useEffect(() => {
    const index = claimSections.findIndex((s) => s.fields.some((f) => serverFieldErrors[f]));
    if (index >= 0) {
      setSection(index);
      setErrors(serverFieldErrors as Partial<Record<ClaimField, string>>);
    }
  }, [serverFieldErrors]);

  function goTo(index: number) {
    setSection(index);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateSection(section, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isLast) onSubmit(values);
    else goTo(section + 1);
  }

  function change(field: ClaimField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="claim-registration-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2" ta="center" id="claim-registration-title" tabIndex={-1}>
            Create Your Specialist Account
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            Your free trial account is assigned this job as soon as you claim it.
          </Text>
        </Stack>
        <Stack gap={6}>
          <Progress
            value={((section + 1) / claimSections.length) * 100}
            aria-label={`Registration progress: section ${section + 1} of ${claimSections.length}, ${current.label}`}
          />
          <Group justify="space-between" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {claimSections.map((s, index) => (
              <Text
                component="li"
                key={s.label}
                size="sm"
                fw={index === section ? 700 : 400}
                c={index <= section ? undefined : 'dimmed'}
                aria-current={index === section ? 'step' : undefined}
              >
                {s.label}
              </Text>
            ))}
          </Group>
        </Stack>
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
          {current.label}
        </Title>
        {submitError && (
          <Alert color="red" role="alert">
            {submitError}
          </Alert>
        )}
        {current.fields.map((field) => {
          const { isPassword, ...input } = fieldInputs[field];
          const props = {
            ...input,
            name: field,
            required: true,
            value: values[field],
            error: errors[field],
            onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
              change(field, event.currentTarget.value),
          };
          return isPassword ? <PasswordInput key={field} {...props} /> : <TextInput key={field} {...props} />;
        })}
        <Group justify="space-between">
          <Button variant="default" onClick={() => (section === 0 ? onBack() : goTo(section - 1))}>
            Back
          </Button>
          <Button
            type="submit"
            disabled={isSubmitting}
            leftSection={isSubmitting ? <Loader size="xs" aria-hidden /> : undefined}
          >
            {isLast ? (isSubmitting ? m.claiming : m.claimButton) : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
