import { ArrowRight, Building2, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { StandaloneLayout } from '../../../components/standalone-layout';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { CreateLabelForm } from '../components/create-label-form';
import { JoinLabelForm } from '../components/join-label-form';
import { LogoutButton } from '../components/logout-button';

type Step = 'choose' | 'create' | 'join';

function Choice({
  icon,
  title,
  description,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex h-full flex-col items-start gap-4 rounded-xl border border-border bg-card p-6 text-left shadow-card outline-none transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-5">
        {icon}
      </span>
      <span className="flex flex-col gap-1">
        <span className="flex items-center gap-1.5 font-semibold text-foreground">
          {title}
          <ArrowRight
            aria-hidden="true"
            className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          />
        </span>
        <span className="text-sm text-muted-foreground">{description}</span>
      </span>
    </button>
  );
}

/** /organization-setup: a signed-in user without a label starts one or joins one. */
export function OrganizationSetupPage() {
  const { session } = useAuth();
  const navigate = useNavigate();
  // An invitation mail links to ?invite_code=: that opens the Join sub-form with the code filled in.
  const [searchParams] = useSearchParams();
  const [invitedCode, setInvitedCode] = useState(() => searchParams.get('invite_code')?.trim() ?? '');
  // Each sub-form owns its input and error, so going Back (unmounting it) clears both.
  const [step, setStep] = useState<Step>(() => (invitedCode ? 'join' : 'choose'));
  const done = () => navigate(paths.dashboard.href(), { replace: true });
  const back = () => {
    // The link's code fills the form once; opening Join again afterwards starts empty.
    setInvitedCode('');
    setStep('choose');
  };

  return (
    <StandaloneLayout width="medium" align="top" headerActions={<LogoutButton />}>
      <div className="flex flex-col gap-8">
        <div className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            Welcome to Music Review
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {session ? (
              <>
                Signed in as <span className="font-medium text-foreground">{session.user.email}</span>.{' '}
              </>
            ) : null}
            Set up your label to start reviewing music with your team.
          </p>
        </div>

        {step === 'choose' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Choice
              icon={<Building2 aria-hidden="true" />}
              title="Start a New Label"
              description="Create your label's workspace. You'll be its admin and can invite your team."
              onClick={() => setStep('create')}
            />
            <Choice
              icon={<Users aria-hidden="true" />}
              title="Join Existing Label"
              description="Enter the invitation code you received from your label's admin."
              onClick={() => setStep('join')}
            />
          </div>
        ) : (
          <Card className="p-6 sm:p-8">
            <div className="mb-6">
              <h2 className="text-lg font-semibold tracking-tight">
                {step === 'create' ? 'Start a New Label' : 'Join Existing Label'}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                {step === 'create'
                  ? 'Choose the name your team will see across Music Review.'
                  : 'Ask an admin of your label for its invitation code.'}
              </p>
            </div>
            {step === 'create' ? (
              <CreateLabelForm onBack={back} onCreated={done} />
            ) : (
              <JoinLabelForm initialCode={invitedCode} onBack={back} onJoined={done} />
            )}
          </Card>
        )}
      </div>
    </StandaloneLayout>
  );
}
