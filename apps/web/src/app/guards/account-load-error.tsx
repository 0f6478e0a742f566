import { ORGANIZATION_MESSAGES } from '@music-review/core/organization';
import { useState } from 'react';
import { StandaloneLayout } from '../../components/standalone-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { isApiError } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth/auth-context';

/** /me failed: say so, and offer to try again or to sign out. */
export function AccountLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const store = useAuthStore();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const message = isApiError(error) ? error.message : ORGANIZATION_MESSAGES.unexpected;
  return (
    <StandaloneLayout>
      <Card className="p-6 sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">We couldn't load your account</h1>
        <div className="mt-4">
          <Alert variant="error">{message}</Alert>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            isLoading={isSigningOut}
            onClick={async () => {
              setIsSigningOut(true);
              await store.signOut();
            }}
          >
            Sign Out
          </Button>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      </Card>
    </StandaloneLayout>
  );
}
