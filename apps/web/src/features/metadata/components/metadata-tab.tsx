import type { IssuedMetadataLinkDto } from '@music-review/core/metadata-forms';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCreateMetadataForm } from '../api/create-metadata-form';
import { useSongMetadataForms } from '../api/list-song-metadata-forms';
import { messageOf } from './format';
import { MetadataFormPanel } from './metadata-form-panel';
import { MetadataFormPicker } from './metadata-form-picker';

/** The signed song's metadata tab (issue 6): its forms, the artist's link, review, edit and confirm. */
export function MetadataTab({ songId }: { songId: string }) {
  const query = useSongMetadataForms(songId);
  const create = useCreateMetadataForm(songId);
  const [params, setParams] = useSearchParams();
  // Links are shown once (only their hash is kept): the ones issued on this visit, per form.
  const [issued, setIssued] = useState<Record<string, IssuedMetadataLinkDto>>({});

  const select = (formId: string) =>
    setParams((p) => {
      p.set('form', formId);
      return p;
    });
  const createForm = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setIssued((held) => ({ ...held, [created.form.id]: created.link }));
        select(created.form.id);
      },
    });

  if (query.isPending)
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading metadata forms">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <Alert>
        {messageOf(query.error, 'The metadata forms could not be loaded.')}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const forms = query.data;
  const createError = create.isError ? (
    <Alert>{messageOf(create.error, 'The form could not be created.')}</Alert>
  ) : null;
  if (forms.length === 0)
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <h3 className="text-base font-semibold">No metadata form yet</h3>
        <p className="max-w-prose text-sm text-muted-foreground">
          Send the artist a form for the track's metadata: writers and publishers with their shares, ISRC,
          ISWC, genre, language and lyrics. Their answers save as they type; you review and confirm them here.
        </p>
        {createError}
        <Button onClick={createForm} isLoading={create.isPending}>
          <FilePlus2 aria-hidden="true" />
          Create metadata form
        </Button>
      </Card>
    );

  // The form asked for, else the first one waiting for the label, else the newest.
  const selected =
    forms.find((f) => f.id === params.get('form')) ??
    forms.find((f) => f.status === 'submitted') ??
    forms[0]!;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {forms.length > 1 ? (
          <MetadataFormPicker forms={forms} selectedId={selected.id} onSelect={select} />
        ) : (
          <span />
        )}
        <Button variant="outline" size="sm" onClick={createForm} isLoading={create.isPending}>
          <FilePlus2 aria-hidden="true" />
          New metadata form
        </Button>
      </div>
      {createError}
      <MetadataFormPanel
        key={selected.id}
        form={selected}
        issued={issued[selected.id] ?? null}
        onIssued={(link) => setIssued((held) => ({ ...held, [selected.id]: link }))}
      />
    </div>
  );
}
