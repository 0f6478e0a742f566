import type { Factor } from '@music-review/core/auth';
import {
  MFA_MESSAGES,
  normalizePhone,
  type PhoneEnrollmentDto,
  type TotpEnrollmentDto,
} from '@music-review/core/mfa';
import { KeyRound, Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import {
  useChallengeFactor,
  useEnrollFactor,
  useUnenrollFactor,
  useVerifyFactor,
} from '../../../lib/auth/mfa-api';
import { useMe } from '../../../lib/me';

const typeLabel = (type: Factor['factor_type']) => (type === 'totp' ? 'Authenticator app' : 'Phone');
const nameOf = (factor: Factor) => factor.friendly_name || typeLabel(factor.factor_type);

/** The server's own texts (wrong code, rate limited, offline...); the fallback for anything unexpected. */
function messageOf(error: unknown, fallback: string) {
  return isApiError(error) && error.status !== 500 && error.status !== 200 ? error.message : fallback;
}

/** Six digits, spaces allowed; the error text when it is not. */
function codeProblem(code: string): string | null {
  return /^\d{6}$/.test(code.replace(/\s/g, '')) ? null : MFA_MESSAGES.codeFormat;
}

/**
 * A factor left unverified when its dialog closes is removed again, so abandoned set-ups do not
 * linger in the list. Failing that is harmless (the server drops them after a day).
 */
function useDiscardUnverified() {
  const unenroll = useUnenrollFactor();
  return (factorId: string | undefined) => {
    if (!factorId) return;
    unenroll.mutate(factorId, {
      onError: (error) => console.warn('Could not remove the unfinished factor.', error),
    });
  };
}

/** The code field and Verify button of both set-up dialogs. */
function CodeForm({
  onVerify,
  isVerifying,
  error,
  onCancel,
  extra,
}: {
  onVerify: (code: string) => void;
  isVerifying: boolean;
  error: string | null;
  onCancel: () => void;
  extra?: React.ReactNode;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setFieldError(problem);
    if (!problem) onVerify(code.replace(/\s/g, ''));
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField
        label={MFA_MESSAGES.codeLabel}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder="123456"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fieldError}
      />
      {extra}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isVerifying}>
          Verify
        </Button>
      </div>
    </form>
  );
}

function AddAuthenticatorDialog({
  open,
  enrollment,
  enrollError,
  onClose,
}: {
  open: boolean;
  enrollment: TotpEnrollmentDto | undefined;
  enrollError: string | null;
  onClose: (isVerified: boolean) => void;
}) {
  const verify = useVerifyFactor();
  const [error, setError] = useState<string | null>(null);
  const close = (isVerified: boolean) => {
    setError(null);
    verify.reset();
    onClose(isVerified);
  };
  const onVerify = (code: string) => {
    if (!enrollment) return;
    setError(null);
    verify.mutate(
      { factorId: enrollment.id, code },
      {
        onSuccess: () => {
          toast.success(MFA_MESSAGES.added);
          close(true);
        },
        onError: (err) => setError(messageOf(err, MFA_MESSAGES.verifyFailed)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={() => close(false)}
      title="Add authenticator app"
      description="Scan the QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows."
    >
      {enrollError ? (
        <div className="flex flex-col gap-4">
          <Alert variant="error">{enrollError}</Alert>
          <div className="flex justify-end">
            <Button variant="outline" onClick={() => close(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : !enrollment ? (
        <div role="status" aria-label="Preparing your QR code" className="flex flex-col items-center gap-3">
          <Skeleton className="size-48" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <img
            src={enrollment.totp.qr_code}
            alt="QR code for your authenticator app"
            className="mx-auto size-48 rounded-lg bg-white p-2"
          />
          <TextField
            label="Secret key"
            readOnly
            value={enrollment.totp.secret}
            onFocus={(e) => e.currentTarget.select()}
            hint="Can’t scan the code? Enter this key in the app instead."
            className="[&_input]:font-mono [&_input]:tracking-wider"
          />
          <CodeForm
            onVerify={onVerify}
            isVerifying={verify.isPending}
            error={error}
            onCancel={() => close(false)}
          />
        </div>
      )}
    </Dialog>
  );
}

function AddPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const enroll = useEnrollFactor();
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();
  const discard = useDiscardUnverified();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [factor, setFactor] = useState<PhoneEnrollmentDto | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);

  const reset = () => {
    setPhone('');
    setPhoneError(null);
    setError(null);
    setFactor(null);
    setChallengeId(null);
  };
  const close = (isVerified: boolean) => {
    if (!isVerified) discard(factor?.id);
    reset();
    onClose();
  };

  const sendCode = (target: PhoneEnrollmentDto) => {
    setError(null);
    challenge.mutate(target.id, {
      onSuccess: (c) => setChallengeId(c.id),
      onError: (err) => setError(messageOf(err, MFA_MESSAGES.enrollFailed)),
    });
  };

  const onSubmitPhone = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!phone.trim()) return setPhoneError(MFA_MESSAGES.phoneMissing);
    const normalized = normalizePhone(phone);
    if (!normalized) return setPhoneError(MFA_MESSAGES.phoneInvalid);
    setPhoneError(null);
    // A number already enrolled in this dialog is only texted again.
    if (factor && factor.phone === normalized) return sendCode(factor);
    if (factor) discard(factor.id);
    enroll.mutate(
      { factor_type: 'phone', phone: normalized },
      {
        onSuccess: (created) => {
          if (created.type !== 'phone') return;
          setFactor(created);
          sendCode(created);
        },
        onError: (err) => setError(messageOf(err, MFA_MESSAGES.enrollFailed)),
      },
    );
  };

  const onVerify = (code: string) => {
    if (!factor || !challengeId) return;
    setError(null);
    verify.mutate(
      { factorId: factor.id, challengeId, code },
      {
        onSuccess: () => {
          toast.success(MFA_MESSAGES.added);
          close(true);
        },
        onError: (err) => {
          if (isApiError(err) && err.code === 'mfa_challenge_expired') setChallengeId(null);
          setError(messageOf(err, MFA_MESSAGES.verifyFailed));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={() => close(false)}
      title="Add phone"
      description={
        challengeId
          ? `We texted a 6-digit code to ${factor?.phone ?? 'your phone'}. Enter it to finish.`
          : 'We’ll text a 6-digit code to this number when you sign in.'
      }
    >
      {challengeId && factor ? (
        <CodeForm
          onVerify={onVerify}
          isVerifying={verify.isPending}
          error={error}
          onCancel={() => close(false)}
          extra={
            <Button
              variant="link"
              className="self-start text-sm"
              onClick={() => sendCode(factor)}
              disabled={challenge.isPending}
            >
              Send a new code
            </Button>
          }
        />
      ) : (
        <form noValidate onSubmit={onSubmitPhone} className="flex flex-col gap-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <TextField
            label="Phone number"
            type="tel"
            name="phone"
            autoComplete="tel"
            placeholder="+44 20 7946 0958"
            hint="With the country code."
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={phoneError}
          />
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={enroll.isPending || challenge.isPending}>
              Send code
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function RemoveFactorDialog({
  factor,
  isLastVerified,
  onClose,
}: {
  factor: Factor | null;
  isLastVerified: boolean;
  onClose: () => void;
}) {
  const unenroll = useUnenrollFactor();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const remove = () => {
    if (!factor) return;
    setError(null);
    unenroll.mutate(factor.id, {
      onSuccess: () => {
        toast.success(MFA_MESSAGES.removed);
        close();
      },
      onError: (err) => setError(messageOf(err, MFA_MESSAGES.removeFailed)),
    });
  };
  return (
    <Dialog
      open={factor !== null}
      onClose={close}
      title={`Remove ${factor ? nameOf(factor) : 'factor'}?`}
      description={
        isLastVerified
          ? 'Two-factor authentication will be off: signing in will only ask for your password.'
          : 'Signing in will no longer accept codes from it.'
      }
    >
      <div className="flex flex-col gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={remove} isLoading={unenroll.isPending}>
            Remove
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Two-factor authentication on the profile page: the factors, adding one, removing one. */
export function MfaSection() {
  const me = useMe();
  const enroll = useEnrollFactor();
  const discard = useDiscardUnverified();
  const [openDialog, setOpenDialog] = useState<'totp' | 'phone' | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const factors = me.data?.user.factors ?? [];
  const verifiedCount = factors.filter((f) => f.status === 'verified').length;

  const addAuthenticator = () => {
    setOpenDialog('totp');
    enroll.mutate({ factor_type: 'totp' });
  };
  const closeAuthenticator = (isVerified: boolean) => {
    setOpenDialog(null);
    const created = enroll.data;
    if (!isVerified && created?.type === 'totp') discard(created.id);
    enroll.reset();
  };

  return (
    <Card id="two-factor" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{MFA_MESSAGES.sectionTitle}</CardTitle>
        <CardDescription>{MFA_MESSAGES.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {me.isPending ? (
          <div role="status" aria-label="Loading your factors" className="flex flex-col gap-3">
            <Skeleton className="h-12 w-full max-w-lg" />
          </div>
        ) : me.isError ? (
          <Alert variant="error">{MFA_MESSAGES.loadFailed}</Alert>
        ) : factors.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Two-factor authentication is off. Signing in only asks for your password.
          </p>
        ) : (
          <ul aria-label="Your factors" className="flex max-w-lg flex-col divide-y divide-border">
            {factors.map((factor) => (
              <li key={factor.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  {factor.factor_type === 'totp' ? (
                    <KeyRound aria-hidden="true" className="size-4" />
                  ) : (
                    <Smartphone aria-hidden="true" className="size-4" />
                  )}
                </span>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium text-foreground">{nameOf(factor)}</span>
                  <span className="text-xs text-muted-foreground">{typeLabel(factor.factor_type)}</span>
                </div>
                <Badge variant={factor.status === 'verified' ? 'success' : 'warning'}>
                  {factor.status === 'verified' ? 'Verified' : 'Not verified'}
                </Badge>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${nameOf(factor)}`}
                  onClick={() => setRemoving(factor)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={addAuthenticator} disabled={!me.data}>
            <KeyRound aria-hidden="true" />
            Add authenticator app
          </Button>
          <Button variant="outline" onClick={() => setOpenDialog('phone')} disabled={!me.data}>
            <Smartphone aria-hidden="true" />
            Add phone
          </Button>
        </div>
      </CardContent>

      <AddAuthenticatorDialog
        open={openDialog === 'totp'}
        enrollment={enroll.data?.type === 'totp' ? enroll.data : undefined}
        enrollError={enroll.isError ? messageOf(enroll.error, MFA_MESSAGES.enrollFailed) : null}
        onClose={closeAuthenticator}
      />
      <AddPhoneDialog open={openDialog === 'phone'} onClose={() => setOpenDialog(null)} />
      <RemoveFactorDialog
        factor={removing}
        isLastVerified={removing?.status === 'verified' && verifiedCount === 1}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
