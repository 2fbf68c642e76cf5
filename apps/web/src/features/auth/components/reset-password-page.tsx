import { authCalls, ZResetPasswordBody } from '@app/contracts/auth.contract';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiHttpError, NetworkError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';
import { AuthCard } from './auth-card';

const ZNewPasswordForm = z
  .object({ password: ZResetPasswordBody.shape.password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

function messageForResetError(error: Error): string {
  if (error instanceof ApiHttpError) return error.userMessage ?? error.message;
  if (error instanceof NetworkError)
    return 'The password could not be saved. Please check your connection and try again.';
  return 'The password could not be saved. Please try again.';
}

/** /reset-password?token=… : choose a new password with the single-use link from the e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const resetPassword = useMutation({
    mutationFn: (body: { token: string; password: string }) => callApi(authCalls.resetPassword, { body }),
    onSuccess: () =>
      navigate('/login', {
        replace: true,
        state: { notice: 'Your password has been changed. Sign in with your new password.' },
      }),
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(ZNewPasswordForm, { sync: true }),
  });

  if (!token) {
    return (
      <AuthCard title="Set a new password">
        <Alert color="red" role="alert">
          This reset link is incomplete. Ask for a new link on the sign-in screen.
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          Go to sign in
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password">
      <form
        noValidate
        aria-label="Set a new password"
        onSubmit={form.onSubmit((values) => resetPassword.mutate({ token, password: values.password }))}
      >
        <Stack gap="md">
          {resetPassword.error && (
            <Alert color="red" role="alert">
              {messageForResetError(resetPassword.error)}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={resetPassword.isPending}>
            Set New Password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
