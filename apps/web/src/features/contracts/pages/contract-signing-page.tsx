import {
  CONTRACT_KIND_LABELS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TEXTS,
  type PublicContractDto,
  type PublicSignedDto,
  type SignatureKind,
  signContractBody,
} from '@music-review/core/contracts';
import { CircleCheck, Download, FileSignature, PenLine, Type } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  DeadLink,
  isDeadLink,
  PortalCard,
  PublicLinkPage,
  publicErrorMessage,
} from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { usePublicContract } from '../api/open-contract-for-signing';
import { useSignContract } from '../api/sign-contract';
import { SignaturePad } from '../components/signature-pad';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DEAD_HINT = 'If you still need to sign, ask the label to send you a new link.';

function SignForm({
  token,
  contract,
  onSigned,
}: {
  token: string;
  contract: PublicContractDto;
  onSigned: (signed: PublicSignedDto) => void;
}) {
  const [kind, setKind] = useState<SignatureKind>('typed');
  const [typed, setTyped] = useState(contract.signer.name);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState<string | null>(null);
  const sign = useSignContract(contract.contract_id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = signContractBody.safeParse({
      token,
      signature_kind: kind,
      signature_text: kind === 'typed' ? typed : undefined,
      signature_image: kind === 'drawn' ? (drawn ?? '') : undefined,
      agree,
    });
    if (!body.success) {
      const message = body.error.issues[0]?.message.replace(/^[a-z_]+: /, '') ?? 'Check your signature';
      setError(message.charAt(0).toUpperCase() + message.slice(1));
      return;
    }
    try {
      onSigned(await sign.mutateAsync(body.data));
    } catch (e) {
      if (isDeadLink(e)) setDead(publicErrorMessage(e));
      else setError(publicErrorMessage(e, 'Your signature could not be saved. Please try again.'));
    }
  };

  if (dead) return <DeadLink message={dead} hint={DEAD_HINT} />;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div role="radiogroup" aria-label="How to sign" className="grid grid-cols-2 gap-2">
        {(
          [
            ['typed', 'Type my name', Type],
            ['drawn', 'Draw my signature', PenLine],
          ] as const
        ).map(([value, text, Icon]) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={kind === value}
            onClick={() => setKind(value)}
            className={cn(
              'flex items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
              kind === value
                ? 'border-primary bg-accent text-accent-foreground'
                : 'border-input text-muted-foreground hover:bg-muted',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {text}
          </button>
        ))}
      </div>
      {kind === 'typed' ? (
        <div className="flex flex-col gap-2">
          <TextField
            label="Your full name"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="name"
          />
          {typed.trim() ? (
            <p
              aria-hidden="true"
              className="rounded-lg border border-dashed border-input bg-white px-4 py-3 font-serif text-3xl italic text-[#1e2a78]"
            >
              {typed}
            </p>
          ) : null}
        </div>
      ) : (
        <SignaturePad label="Signature pad" onChange={setDrawn} />
      )}
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={agree}
          onChange={(e) => setAgree(e.target.checked)}
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
        />
        <span>{CONTRACT_TEXTS.agree}</span>
      </label>
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" size="lg" isLoading={sign.isPending}>
        <FileSignature aria-hidden="true" />
        {CONTRACT_TEXTS.sign}
      </Button>
      <p className="text-xs text-muted-foreground">
        Signing records your name, the time, your IP address and browser, and a fingerprint (SHA-256) of the
        document, printed on a certificate at the end of the signed PDF.
      </p>
    </form>
  );
}

/** After signing: the thank-you card alone (the token is spent, so the document is not shown again). */
function SignedThanks({ contract, done }: { contract: PublicContractDto; done: PublicSignedDto }) {
  return (
    <PortalCard
      icon={<CircleCheck aria-hidden="true" />}
      eyebrow={contract.label_name}
      title="Thank you for signing"
      description={
        done.status === 'signed'
          ? `Everyone has signed "${contract.title}". The signed PDF with its certificate of completion is ready.`
          : `Your signature on "${contract.title}" is saved. ${contract.label_name} will be told, and the other signers still need to sign.`
      }
    >
      {done.signed_document_url ? (
        <a
          href={done.signed_document_url}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ className: 'self-start' })}
        >
          <Download aria-hidden="true" />
          Download the signed PDF
        </a>
      ) : null}
    </PortalCard>
  );
}

function ContractView({ token, contract }: { token: string; contract: PublicContractDto }) {
  const [done, setDone] = useState<PublicSignedDto | null>(null);
  if (done) return <SignedThanks contract={contract} done={done} />;
  return (
    <div className="flex flex-col gap-4">
      <PortalCard
        icon={<FileSignature aria-hidden="true" />}
        eyebrow={contract.label_name}
        title={contract.title}
        description={`${CONTRACT_KIND_LABELS[contract.kind]} for "${contract.song_title}" by ${contract.artist_name}. Hello ${contract.signer.name}: please read the document, then sign below.`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="primary">{CONTRACT_STATUS_LABELS[contract.status]}</Badge>
          {contract.document_url ? (
            <a
              href={contract.document_url}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              Open the PDF
            </a>
          ) : null}
        </div>
        {/* Scrolls on its own: focusable, so the text can be read and scrolled from the keyboard. */}
        <section
          aria-label="Document text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-lg border border-border bg-muted/40 p-4 text-sm leading-6 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          {contract.body_text}
        </section>
        <section aria-labelledby="signers-heading" className="flex flex-col gap-2">
          <h2 id="signers-heading" className="text-sm font-semibold">
            Who signs
          </h2>
          <ul className="flex flex-col gap-1.5 text-sm">
            {contract.signers.map((s) => (
              <li
                key={s.position}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/50 px-3 py-2"
              >
                <span>
                  {s.name} <span className="text-muted-foreground">({s.role})</span>
                </span>
                <Badge variant={s.status === 'signed' ? 'success' : 'neutral'}>
                  {s.status === 'signed' && s.signed_at
                    ? `Signed ${dateTime.format(new Date(s.signed_at))}`
                    : 'Not signed yet'}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      </PortalCard>
      <PortalCard
        title="Your signature"
        description={`Signing as ${contract.signer.name} (${contract.signer.email}).`}
      >
        <SignForm token={token} contract={contract} onSigned={setDone} />
      </PortalCard>
    </div>
  );
}

/** Public `/contracts/:contractId?token=...`: the signer reads the contract and signs it. */
export function ContractSigningPage() {
  const { contractId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = usePublicContract(contractId, token);
  return (
    <PublicLinkPage query={query} width="wide" deadLinkHint={DEAD_HINT} loadingLabel="Opening the contract…">
      {(contract) => <ContractView token={token} contract={contract} />}
    </PublicLinkPage>
  );
}
