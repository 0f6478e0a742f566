import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { peopleKeys } from './keys';

// A person's page shows their payee and a payee's drawer the people paying into it: a change to
// either table refreshes both (a catalogue import announces one BULK change per batch).
const PEOPLE_TOPICS = ['table:parties', 'table:payees'];

/** While mounted, a change to people or payees by anyone reloads what Artists & Writers shows. */
export function usePeopleRefresh() {
  const queryClient = useQueryClient();
  useRealtimeTopics(PEOPLE_TOPICS, () => void queryClient.invalidateQueries({ queryKey: peopleKeys.all }));
}
