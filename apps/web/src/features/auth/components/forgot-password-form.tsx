import { authCalls, ZRequestPasswordResetBody } from '@app/contracts/auth.contract';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { ApiHttpError, NetworkError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

type ForgotPasswordFormProps = {
  initialEmail: string;
  onBack: () => void;
};

function messageForResetRequestError(error: Error): string {
  if (error instanceof ApiHttpError) return error.userMessage ?? error.message;
  if (error instanceof NetworkError)
    return 'The link could not be sent. Please check your connection and try again.';
  return 'The link could not be sent. Please try again.';
}

/** The forgot-password state of the sign-in screen (000 §2). */
export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const requestLink = useMutation({
    mutationFn: (values: { email: string }) => callApi(authCalls.requestPasswordReset, { body: values }),
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(ZRequestPasswordResetBody, { sync: true }),
  });

  if (requestLink.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" role="status" title="Check your inbox">
          If an account exists for {requestLink.variables.email}, we have sent it a link to reset the
          password. The link can be used once.
        </Alert>
        <Button variant="light" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label="Reset password"
      onSubmit={form.onSubmit((values) => requestLink.mutate({ email: values.email.trim() }))}
    >
      <Stack gap="md">
        <Text size="sm">
          Enter the e-mail address you sign in with and we will send you a link to set a new password.
        </Text>
        {requestLink.error && (
          <Alert color="red" role="alert">
            {messageForResetRequestError(requestLink.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={requestLink.isPending}>
          Send Reset Link
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
