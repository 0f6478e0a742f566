import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMe } from '../../../lib/me';
import { useBrandingQuery } from '../api/get-branding';
import { BrandingEditorForm } from './branding-editor-form';

/** The admins' white-label editor in settings (spec sections 3 and 4 "Branding"). */
export function BrandingEditor() {
  const me = useMe();
  const organization = me.data?.organization ?? null;
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const branding = useBrandingQuery(isAdmin ? organization?.id : null);

  if (!isAdmin || !organization) return null;

  return (
    <Card id="branding" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>White-label branding</CardTitle>
        <CardDescription>
          Show your label's own name, logo, colours, fonts, corner radius and shadows across the app.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {branding.data ? (
          <BrandingEditorForm
            key={organization.id}
            organizationId={organization.id}
            initial={branding.data}
          />
        ) : branding.error ? (
          <Alert>{branding.error.message}</Alert>
        ) : (
          <div className="flex flex-col gap-4" role="status" aria-label="Loading branding">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-10 w-full max-w-md" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
