import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useAuthStore } from '../../../lib/auth/auth-context';

/** Onboarding's Logout, which asks first (spec section 2). */
export function LogoutButton() {
  const store = useAuthStore();
  const [isOpen, setIsOpen] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    setIsSigningOut(true);
    try {
      await store.signOut();
    } finally {
      setIsSigningOut(false);
      setIsOpen(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setIsOpen(true)}>
        <LogOut aria-hidden="true" />
        Logout
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => !isSigningOut && setIsOpen(false)}
        title="Log out"
        description="Are you sure you want to log out?"
        initialFocusRef={cancelRef}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="outline" onClick={() => setIsOpen(false)} disabled={isSigningOut}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} isLoading={isSigningOut}>
            Log Out
          </Button>
        </div>
      </Dialog>
    </>
  );
}
