import { AUTH_MESSAGES } from '@music-review/core/auth';
import { MFA_MESSAGES } from '@music-review/core/mfa';
import { KeyRound, MailCheck, ShieldCheck, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { StandaloneLayout } from '../../../components/standalone-layout';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/spinner';
import { env } from '../../../config/env';
import { useAuth } from '../../../lib/auth/auth-context';
import { needsMfaStep } from '../../../lib/auth/session';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm, type LoginValues } from '../components/login-form';
import { VerifyEmailView } from '../components/verify-email-view';

// Loaded when needed, not with the login screen (docs/PERFORMANCE.md, login bundle): the sign-up form
// checks its fields with the API's zod schema; the code step only concerns accounts with a factor.
const SignUpForm = lazy(() => import('../components/sign-up-form').then((m) => ({ default: m.SignUpForm })));
const MfaChallengeForm = lazy(() =>
  import('../components/mfa-challenge-form').then((m) => ({ default: m.MfaChallengeForm })),
);

/** While a lazily loaded form arrives; the card (and its heading) shows once the form can. */
const formLoading = <LoadingState className="py-10" />;

type View = { name: 'login' } | { name: 'forgot' } | { name: 'signup' } | { name: 'verify'; email: string };

/** What the server's emailed-link redirect (`/?auth_error=...`) means for the user. */
const LINK_ERRORS: Record<string, string> = {
  link_invalid: AUTH_MESSAGES.linkInvalid,
  rate_limited: 'Too many requests. Please wait a moment and try again.',
};

function HelpFooter() {
  return (
    <p>
      Need help?{' '}
      {env.supportEmail ? (
        <a
          href={`mailto:${env.supportEmail}`}
          className="font-medium text-link underline-offset-4 hover:underline"
        >
          Contact us!
        </a>
      ) : (
        'Contact us!'
      )}
    </p>
  );
}

/**
 * The signed-out screen, shown in place of any non-public route (the URL stays): sign in, forgot
 * password, verify email and sign up; and the code step after the password of an account with a
 * verified factor.
 */
export function LoginPage() {
  const { session } = useAuth();
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<View>({ name: 'login' });
  const [loginValues, setLoginValues] = useState<LoginValues>({ email: '', password: '' });
  const linkError = LINK_ERRORS[searchParams.get('auth_error') ?? ''] ?? null;
  const backToLogin = () => setView({ name: 'login' });

  let content: React.ReactNode;
  if (session && !session.isRecovery && needsMfaStep(session)) {
    return (
      <StandaloneLayout>
        <Suspense fallback={formLoading}>
          <AuthCard
            icon={<ShieldCheck aria-hidden="true" />}
            title={MFA_MESSAGES.stepTitle}
            footer={<HelpFooter />}
          >
            <MfaChallengeForm factors={session.user.factors} />
          </AuthCard>
        </Suspense>
      </StandaloneLayout>
    );
  }
  switch (view.name) {
    case 'forgot':
      content = (
        <AuthCard
          icon={<KeyRound aria-hidden="true" />}
          title="Reset your password"
          description="Enter the email address of your account and we'll send you a link to choose a new password."
          footer={<HelpFooter />}
        >
          <ForgotPasswordForm initialEmail={loginValues.email} onBack={backToLogin} />
        </AuthCard>
      );
      break;
    case 'verify':
      content = (
        <AuthCard icon={<MailCheck aria-hidden="true" />} title="Verify your email" footer={<HelpFooter />}>
          <VerifyEmailView email={view.email} onBack={backToLogin} />
        </AuthCard>
      );
      break;
    case 'signup':
      content = (
        <Suspense fallback={formLoading}>
          <AuthCard
            icon={<UserPlus aria-hidden="true" />}
            title="Create your account"
            description="Join your label on Music Review."
            footer={
              <p>
                Already have an account?{' '}
                <Button variant="link" onClick={backToLogin}>
                  Sign in
                </Button>
              </p>
            }
          >
            <SignUpForm onSignedUp={(email) => setView({ name: 'verify', email })} />
          </AuthCard>
        </Suspense>
      );
      break;
    default:
      content = (
        <AuthCard
          title="Welcome to the product"
          description="Sign in to Music Review to continue."
          footer={
            <div className="flex flex-col items-center gap-3">
              <p>
                New to Music Review?{' '}
                <Button variant="link" onClick={() => setView({ name: 'signup' })}>
                  Create an account
                </Button>
              </p>
              <HelpFooter />
            </div>
          }
        >
          <LoginForm
            values={loginValues}
            onChange={setLoginValues}
            notice={linkError}
            onUnconfirmedEmail={(email) => setView({ name: 'verify', email })}
            onForgotPassword={() => setView({ name: 'forgot' })}
          />
        </AuthCard>
      );
  }

  return <StandaloneLayout>{content}</StandaloneLayout>;
}
