/** While an answer says `updating` (decision 0034), it is asked again this often. */
export const UPDATING_REFETCH_MS = 1500;

/**
 * React Query's `refetchInterval` for an analytics answer: the server answered the figures from
 * before the label's latest change while it computes the new ones, so ask again shortly; stop once
 * the answer is current.
 */
export function refetchWhileUpdating(query: { state: { data?: { updating: boolean } | undefined } }) {
  return query.state.data?.updating ? UPDATING_REFETCH_MS : false;
}
