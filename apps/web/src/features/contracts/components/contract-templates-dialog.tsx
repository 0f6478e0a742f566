import {
  CONTRACT_KIND_LABELS,
  CONTRACT_KINDS,
  CONTRACT_PLACEHOLDERS,
  type ContractKind,
  type ContractTemplateDto,
  contractTemplateBody,
} from '@music-review/core/contracts';
import { ArrowLeft, Copy, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { useDeleteTemplate } from '../api/delete-contract-template';
import { useContractTemplates } from '../api/list-contract-templates';
import { useSaveTemplate } from '../api/save-contract-template';

type Editing = { id: string | null; kind: ContractKind; name: string; body: string };

/** The label's templates: the built-in ones to copy, its own to edit and delete. */
export function ContractTemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const templates = useContractTemplates();
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ContractTemplateDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const startEdit = (t: ContractTemplateDto, copy: boolean) => {
    setError(null);
    setEditing({
      id: copy ? null : t.id,
      kind: t.kind,
      name: copy ? `${t.name} (our version)` : t.name,
      body: t.body,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    setError(null);
    const body = contractTemplateBody.safeParse(editing);
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? 'Check the template');
      return;
    }
    try {
      await save.mutateAsync({ id: editing.id, body: body.data });
      setEditing(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The template could not be saved.');
    }
  };

  if (deleting) {
    return (
      <Dialog
        open={open}
        onClose={() => setDeleting(null)}
        title="Delete template?"
        description={`"${deleting.name}" will be deleted. Contracts made from it keep their text.`}
      >
        {remove.error ? <Alert className="mb-3">{remove.error.message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            isLoading={remove.isPending}
            onClick={async () => {
              await remove.mutateAsync(deleting.id).catch(() => undefined);
              setDeleting(null);
            }}
          >
            Delete template
          </Button>
        </div>
      </Dialog>
    );
  }

  if (editing) {
    return (
      <Dialog open={open} onClose={onClose} title={editing.id ? 'Edit template' : 'New template'}>
        <form
          onSubmit={submit}
          noValidate
          className="-mx-1 flex max-h-[70vh] flex-col gap-4 overflow-y-auto px-1"
        >
          <SelectField
            label="Kind"
            value={editing.kind}
            onChange={(e) => setEditing({ ...editing, kind: e.target.value as ContractKind })}
          >
            {CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {CONTRACT_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Template name"
            value={editing.name}
            onChange={(e) => setEditing({ ...editing, name: e.target.value })}
          />
          <TextAreaField
            label="Template text"
            hint={
              <>
                Placeholders:{' '}
                {Object.entries(CONTRACT_PLACEHOLDERS).map(([name, what], i) => (
                  <span key={name} title={what}>
                    {i > 0 ? ', ' : ''}
                    <code>{`{{${name}}}`}</code>
                  </span>
                ))}
              </>
            }
            rows={12}
            controlClassName="font-mono text-xs"
            value={editing.body}
            onChange={(e) => setEditing({ ...editing, body: e.target.value })}
          />
          {error ? <Alert>{error}</Alert> : null}
          <div className="sticky bottom-0 flex justify-between gap-2 bg-popover pt-2">
            <Button variant="ghost" onClick={() => setEditing(null)}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              Save template
            </Button>
          </div>
        </form>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Contract templates"
      description="The generator fills a template’s {{placeholders}} with the song and the terms. Copy a built-in template to make it your own."
    >
      <div className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
        {templates.isPending ? (
          <>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </>
        ) : templates.isError ? (
          <Alert>{templates.error.message}</Alert>
        ) : (
          templates.data.map((t) => (
            <div
              key={t.id}
              className="flex items-center justify-between gap-2 rounded-lg border border-border p-3"
            >
              <div className="min-w-0">
                <p className="break-words text-sm font-medium">{t.name}</p>
                <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
                  {CONTRACT_KIND_LABELS[t.kind]}
                  {t.builtin ? <Badge className="whitespace-nowrap">Built-in</Badge> : null}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                {t.builtin ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => startEdit(t, true)}
                    aria-label={`Copy ${t.name}`}
                  >
                    <Copy aria-hidden="true" />
                    Copy
                  </Button>
                ) : (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => startEdit(t, false)}
                      aria-label={`Edit ${t.name}`}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => setDeleting(t)}
                      aria-label={`Delete ${t.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </>
                )}
              </div>
            </div>
          ))
        )}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
