import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import { Pencil } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { MetadataFields } from './metadata-fields';
import { MetadataSummary } from './metadata-summary';
import type { MetadataFormEditor } from './use-metadata-form-editor';

/** The form's data: read-only until the label edits it, then the fields with Save and Cancel. */
export function MetadataEditCard({ data, editor }: { data: FullMetadataDraft; editor: MetadataFormEditor }) {
  const { errorCount } = editor;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold">{editor.isEditing ? 'Edit metadata' : 'Metadata'}</h3>
        {!editor.isEditing ? (
          <Button variant="outline" size="sm" onClick={editor.startEditing}>
            <Pencil aria-hidden="true" />
            Edit metadata
          </Button>
        ) : null}
      </div>
      {editor.isEditing ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            editor.save();
          }}
          className="flex flex-col gap-5"
        >
          <MetadataFields value={editor.edit} onChange={editor.change} errors={editor.errors} />
          {errorCount > 0 ? (
            <Alert>
              {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention: see the messages
              beside them.
            </Alert>
          ) : null}
          {editor.actionError ? <Alert>{editor.actionError}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={editor.cancelEditing}>
              Cancel
            </Button>
            <Button type="submit" variant="outline" isLoading={editor.isSaving}>
              Save changes
            </Button>
          </div>
        </form>
      ) : (
        <MetadataSummary data={data} />
      )}
    </Card>
  );
}
