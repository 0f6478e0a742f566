import toast from 'react-hot-toast';
import { useMarkUseless } from '../api/mark-useless';

/**
 * The 'Mark as useless' button's handler, shared by the dashboard card and the review page: one
 * request at a time, and the outcome as a toast (the button lives in the player, which has no room
 * for an inline message).
 */
export function useMarkUselessAction(songId: string): () => void {
  const markUseless = useMarkUseless(songId);
  return () => {
    if (markUseless.isPending) return;
    // The promise, not mutate's callbacks: the refetch it causes may unmount the caller (a
    // dashboard card moves to My Reviews), and the toast must still show.
    markUseless.mutateAsync().then(
      () => toast.success('Marked as useless'),
      (error: Error) => toast.error(error.message || 'Failed to mark the song as useless'),
    );
  };
}
