import { CONTRACT_TEXTS, type ContractDto } from '@music-review/core/contracts';
import { SUBSCRIPTION_LOAD_ERROR } from '@music-review/core/plan-rules';
import { FilePlus2, Files } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMe } from '../../../lib/me';
import { useGeneratorAccess } from '../api/get-contract-generator-access';
import { useContractSong } from '../api/get-song';
import { ContractPreviewDialog } from './contract-preview-dialog';
import { ContractTemplatesDialog } from './contract-templates-dialog';
import { ContractsList } from './contracts-list';
import { GenerateContractDialog } from './generate-contract-dialog';
import { SendContractDialog } from './send-contract-dialog';

type OpenDialog =
  | { kind: 'generate' }
  | { kind: 'edit'; contract: ContractDto }
  | { kind: 'send'; contract: ContractDto }
  | { kind: 'preview'; contract: ContractDto }
  | { kind: 'templates' };

/** The signed song's contracts tab (issue 6). */
export function ContractsTab({ songId }: { songId: string }) {
  const me = useMe();
  const access = useGeneratorAccess();
  const song = useContractSong(songId);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const songInfo = { title: song.data?.title ?? '', artist: song.data?.artist ?? '' };
  const labelName = me.data?.organization?.name ?? '';
  const allowed = access.data?.allowed ?? false;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          {/* The page heads the tab ("Contracts", h2); this line says what the plan allows. */}
          {access.isPending ? (
            <Skeleton className="mt-1 h-4 w-64" />
          ) : access.data ? (
            <p className={allowed ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'}>
              {access.data.message}
            </p>
          ) : access.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {SUBSCRIPTION_LOAD_ERROR}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog({ kind: 'templates' })}>
            <Files aria-hidden="true" />
            {CONTRACT_TEXTS.templates}
          </Button>
          <Button onClick={() => setDialog({ kind: 'generate' })} disabled={!allowed || !song.data}>
            <FilePlus2 aria-hidden="true" />
            {CONTRACT_TEXTS.generate}
          </Button>
        </div>
      </div>

      <ContractsList
        songId={songId}
        onEdit={(contract) => setDialog({ kind: 'edit', contract })}
        onSend={(contract) => setDialog({ kind: 'send', contract })}
        onPreview={(contract) => setDialog({ kind: 'preview', contract })}
      />

      {dialog?.kind === 'generate' || dialog?.kind === 'edit' ? (
        <GenerateContractDialog
          open
          onClose={() => setDialog(null)}
          songId={songId}
          song={songInfo}
          labelName={labelName}
          labelEmail={me.data?.user.email ?? ''}
          contract={dialog.kind === 'edit' ? dialog.contract : null}
          onSaved={() => undefined}
        />
      ) : null}
      {dialog?.kind === 'send' ? (
        <SendContractDialog open onClose={() => setDialog(null)} contract={dialog.contract} />
      ) : null}
      {dialog?.kind === 'templates' ? <ContractTemplatesDialog open onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'preview' ? (
        <ContractPreviewDialog contract={dialog.contract} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
