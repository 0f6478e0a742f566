import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useCopyInviteCode } from '../../../lib/use-copy-invite-code';

export function InviteCodeCard({ code }: { code: string }) {
  const { isCopied, copy } = useCopyInviteCode(code);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitation code</CardTitle>
        <CardDescription>Share this code with teammates so they can join your label.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-2">
        <code className="flex h-10 min-w-0 flex-1 items-center truncate rounded-lg border border-border bg-muted px-3 font-mono text-sm tracking-wider text-foreground select-all">
          {code}
        </code>
        <Button
          variant="outline"
          size="icon"
          onClick={copy}
          aria-label={isCopied ? 'Invitation code copied' : 'Copy invitation code'}
          title="Copy invitation code"
        >
          {isCopied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
        </Button>
      </CardContent>
    </Card>
  );
}
