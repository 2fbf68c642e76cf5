import { Alert } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { safeRedirectPath } from '../sign-in-messages';
import { AuthCard } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

type SignInLocationState = { notice?: string } | null;

/** /login (000 §2; decision 23): sign-in, or the forgot-password state. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [mode, setMode] = useState<{ name: 'sign-in' } | { name: 'forgot-password'; email: string }>({
    name: 'sign-in',
  });
  const redirectTo = safeRedirectPath(searchParams.get('next'));
  const notice = (location.state as SignInLocationState)?.notice;

  if (session.tokens && session.user && session.company) return <Navigate to={redirectTo} replace />;

  return (
    <AuthCard title="Sign in to the product">
      {notice && mode.name === 'sign-in' && (
        <Alert color="teal" role="status">
          {notice}
        </Alert>
      )}
      {mode.name === 'sign-in' ? (
        <SignInForm
          onSignedIn={() => navigate(redirectTo, { replace: true })}
          onForgotPassword={(email) => setMode({ name: 'forgot-password', email })}
        />
      ) : (
        <ForgotPasswordForm initialEmail={mode.email} onBack={() => setMode({ name: 'sign-in' })} />
      )}
    </AuthCard>
  );
}
