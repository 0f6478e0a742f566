import { useEffect } from 'react';

/**
 * While `isActive` (an upload under way), leaving or reloading the page makes the browser ask
 * first: what is under way would be lost.
 */
export function useConfirmLeave(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isActive]);
}
