import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/local-storage';

/** Whether a player view is minimised, remembered on the device under `key`. */
export function useMinimised(key: string): [boolean, (next: boolean) => void] {
  const [isMinimised, setIsMinimised] = useState(() => readStorage(key) === 'true');
  const set = useCallback(
    (next: boolean) => {
      writeStorage(key, String(next));
      setIsMinimised(next);
    },
    [key],
  );
  return [isMinimised, set];
}
