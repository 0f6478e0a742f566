import { CONTRACT_TEXTS, type PublicDeclineDto } from '@music-review/core/contracts';
import { CircleCheck, FileX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import {
  DeadLink,
  isDeadLink,
  PortalCard,
  PublicLinkPage,
  publicErrorMessage,
} from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-field';
import { useDecline, usePublicDecline } from '../../contracts';

const HINT = 'If you want to talk about the contract, contact the label directly.';

function DeclineForm({ token, info }: { token: string; info: PublicDeclineDto }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const decline = useDecline(token);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!reason.trim()) {
      setError('Tell the label why you decline to sign.');
      return;
    }
    try {
      await decline.mutateAsync(reason.trim());
      setDone(true);
    } catch (e) {
      if (isDeadLink(e)) setDead(publicErrorMessage(e));
      else setError(publicErrorMessage(e, 'Your answer could not be sent. Please try again.'));
    }
  };

  if (dead) return <DeadLink message={dead} hint={HINT} />;
  if (done) {
    return (
      <PortalCard
        icon={<CircleCheck aria-hidden="true" />}
        eyebrow={info.label_name}
        title="You declined to sign"
        description={`${info.label_name} has been told, with your reason. The signing links for "${info.title}" no longer work.`}
      />
    );
  }
  return (
    <PortalCard
      icon={<FileX aria-hidden="true" />}
      eyebrow={info.label_name}
      title={`Decline to sign "${info.title}"`}
      description={`${info.label_name} asked you, ${info.signer_name}, to sign this contract for "${info.song_title}" by ${info.artist_name}. If you decline, the contract is cancelled for everyone and the label is told why.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          label="Reason"
          error={error}
          hint="Required. The label sees exactly what you write."
          rows={5}
          maxLength={2000}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {decline.isError && !error && !dead ? <Alert>{publicErrorMessage(decline.error)}</Alert> : null}
        <Button type="submit" variant="destructive" isLoading={decline.isPending}>
          {CONTRACT_TEXTS.decline}
        </Button>
      </form>
    </PortalCard>
  );
}

/** Public `/artist/deny-signing/:token`: the signer declines with a reason. */
export function DenySigningPage() {
  const { token = '' } = useParams();
  const query = usePublicDecline(token);
  return (
    <PublicLinkPage query={query} deadLinkHint={HINT}>
      {(info) => <DeclineForm token={token} info={info} />}
    </PublicLinkPage>
  );
}
