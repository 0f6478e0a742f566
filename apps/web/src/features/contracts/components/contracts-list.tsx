import { CONTRACT_TEXTS, type ContractDto } from '@music-review/core/contracts';
import { FileText } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSongContracts } from '../api/list-song-contracts';
import { ContractCard } from './contract-card';

/** The song's contracts as cards (live), or what stands in for them while loading, failed or empty. */
export function ContractsList({
  songId,
  onEdit,
  onSend,
  onPreview,
}: {
  songId: string;
  onEdit: (contract: ContractDto) => void;
  onSend: (contract: ContractDto) => void;
  onPreview: (contract: ContractDto) => void;
}) {
  const contracts = useSongContracts(songId);

  if (contracts.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (contracts.isError) {
    return (
      <Alert>
        {contracts.error.message}{' '}
        <Button variant="link" onClick={() => void contracts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (contracts.data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-8 text-center">
        <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{CONTRACT_TEXTS.empty}</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Generate a recording agreement, license or split sheet from your templates, then send it to the
          artist and writers to sign by link.
        </p>
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {contracts.data.map((c) => (
        <li key={c.id}>
          <ContractCard
            contract={c}
            onEdit={() => onEdit(c)}
            onSend={() => onSend(c)}
            onPreview={() => onPreview(c)}
          />
        </li>
      ))}
    </ul>
  );
}
