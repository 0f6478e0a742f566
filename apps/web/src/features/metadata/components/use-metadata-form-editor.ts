import {
  type FullMetadataDraft,
  type MetadataFieldErrors,
  type MetadataFormDto,
  orderedErrorPaths,
  validateMetadataSubmission,
} from '@music-review/core/metadata-forms';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useConfirmMetadataForm } from '../api/confirm-metadata-form';
import { useReopenMetadataForm } from '../api/reopen-metadata-form';
import { useUpdateMetadataForm } from '../api/update-metadata-form';
import { messageOf } from './format';

export type MetadataFormEditor = ReturnType<typeof useMetadataFormEditor>;

/**
 * The label's side of one form: its edit (checked with the submission's rules), save, confirm and
 * reopen. The three calls act as one: starting one drops what the last one showed (its error, its
 * spinner), so the panel shows a single outcome, the newest.
 */
export function useMetadataFormEditor(form: MetadataFormDto) {
  const saveCall = useUpdateMetadataForm(form.id);
  const confirmCall = useConfirmMetadataForm(form.id);
  const reopenCall = useReopenMetadataForm(form.id);
  const [isEditing, setIsEditing] = useState(false);
  const [edit, setEdit] = useState<FullMetadataDraft>(form.data);
  const [errors, setErrors] = useState<MetadataFieldErrors>({});

  const calls = [saveCall, confirmCall, reopenCall];
  const resetCalls = () => {
    for (const call of calls) call.reset();
  };
  const failed = calls.find((call) => call.isError);
  const actionError = failed ? messageOf(failed.error, 'That did not work. Please try again.') : null;
  const errorCount = orderedErrorPaths(errors).length;

  const startEditing = () => {
    setEdit(form.data);
    setErrors({});
    resetCalls();
    setIsEditing(true);
  };
  const checked = (data: FullMetadataDraft) => {
    const result = validateMetadataSubmission(data);
    setErrors(result.ok ? {} : result.errors);
    return result.ok;
  };
  const change = (next: FullMetadataDraft) => {
    setEdit(next);
    // Once problems are marked, they follow the typing.
    if (errorCount > 0) checked(next);
  };
  const save = () => {
    if (!checked(edit)) return;
    resetCalls();
    saveCall.mutate(edit, {
      onSuccess: () => {
        setIsEditing(false);
        toast.success('Metadata saved');
      },
    });
  };
  const confirm = () => {
    const data = isEditing ? edit : form.data;
    if (!checked(data)) {
      // Confirming data with problems opens the editor with them marked.
      if (!isEditing) {
        setEdit(data);
        setIsEditing(true);
      }
      return;
    }
    resetCalls();
    confirmCall.mutate(isEditing ? data : undefined, {
      onSuccess: () => {
        setIsEditing(false);
        toast.success('Metadata confirmed');
      },
    });
  };
  const reopen = (onSettled: () => void) => {
    resetCalls();
    reopenCall.mutate(undefined, { onSettled });
  };

  return {
    isEditing,
    edit,
    errors,
    errorCount,
    actionError,
    isSaving: saveCall.isPending,
    isConfirming: confirmCall.isPending,
    isPending: calls.some((call) => call.isPending),
    startEditing,
    cancelEditing: () => setIsEditing(false),
    change,
    save,
    confirm,
    reopen,
  };
}
