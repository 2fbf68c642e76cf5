import type { TSignInBody } from '@app/contracts/auth.contract';
import { ZSignInBody } from '@app/contracts/auth.contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SignInFailure, useSignIn } from '../hooks/use-sign-in';
import { signInMessages } from '../sign-in-messages';

type SignInFormProps = {
  /** Called after the session is stored; receives nothing, the page decides where to go. */
  onSignedIn: () => void;
  onForgotPassword: (email: string) => void;
};

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const form = useForm<TSignInBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(ZSignInBody, { sync: true }),
  });

  const errorMessage = signIn.error
    ? signIn.error instanceof SignInFailure
      ? signIn.error.userMessage
      : signInMessages.processingFailed
    : null;

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={form.onSubmit((values) => signIn.mutate(values, { onSuccess: onSignedIn }))}
    >
      <Stack gap="md">
        {errorMessage && (
          <Alert color="red" role="alert" title="Sign in failed">
            {errorMessage}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(form.getValues().email)}
          >
            Reset Password
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending}>
          Lets Go
        </Button>
      </Stack>
    </form>
  );
}
