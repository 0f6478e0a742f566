import type { PartyDto } from '@music-review/core/contracts/parties';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { paths } from '../../../../config/paths';
import { useDeleteParty } from '../../api/delete-party';

/** Deleting a person credited nowhere; when they are credited, the server's refusal says where. */
export function DeletePersonDialog({ party, onClose }: { party: PartyDto; onClose: () => void }) {
  const remove = useDeleteParty(party.id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open
      title={`Delete “${party.name}”?`}
      description="Only a person credited nowhere can be deleted: on no recording, work or release. To combine two records of the same person, use Merge duplicate instead. This cannot be undone."
      confirmLabel="Delete person"
      isPending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            toast.success(`“${party.name}” was deleted`);
            navigate(paths.artistsWriters.href(), { replace: true });
          },
        })
      }
    />
  );
}
