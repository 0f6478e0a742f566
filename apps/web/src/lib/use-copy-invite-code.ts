import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';

/** Copies the label's invitation code, with a toast and a "copied" state that clears after 2 s. */
export function useCopyInviteCode(code: string) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const id = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(id);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
      toast.success('Invitation code copied');
    } catch {
      toast.error('Could not copy the code. Select it and copy it by hand.');
    }
  };

  return { isCopied, copy };
}
