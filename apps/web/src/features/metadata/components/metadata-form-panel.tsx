import type { IssuedMetadataLinkDto, MetadataFormDto } from '@music-review/core/metadata-forms';
import { useState } from 'react';
import { ArtistLinkCard } from './artist-link-card';
import { FormStatusCard } from './form-status-card';
import { MetadataEditCard } from './metadata-edit-card';
import { ReopenFormDialog } from './reopen-form-dialog';
import { useMetadataFormEditor } from './use-metadata-form-editor';

/** One form of the song: where it stands, the artist's link, and its data to review, edit and confirm. */
export function MetadataFormPanel({
  form,
  issued,
  onIssued,
}: {
  form: MetadataFormDto;
  issued: IssuedMetadataLinkDto | null;
  onIssued: (link: IssuedMetadataLinkDto) => void;
}) {
  const editor = useMetadataFormEditor(form);
  const [confirmReopen, setConfirmReopen] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <FormStatusCard
        form={form}
        // While editing, the error shows under the fields instead.
        error={editor.isEditing ? null : editor.actionError}
        isConfirming={editor.isConfirming}
        onConfirm={editor.confirm}
        onReopen={() => setConfirmReopen(true)}
      />
      <ArtistLinkCard form={form} issued={issued} onIssued={onIssued} />
      <MetadataEditCard data={form.data} editor={editor} />
      <ReopenFormDialog
        open={confirmReopen}
        onClose={() => setConfirmReopen(false)}
        isPending={editor.isPending}
        onReopen={() => editor.reopen(() => setConfirmReopen(false))}
      />
    </div>
  );
}
