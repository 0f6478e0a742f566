import { bootFrameShown } from '../lib/boot-frame';
import { LogoMark } from './logo';
import { Spinner } from './ui/spinner';

/**
 * The first screen while the session or the account loads: no layout, nothing to jump. Nothing while
 * index.html's boot frame (the shell with the page's heading) is on screen: it stays until the app
 * draws its own first element.
 */
export function FullPageLoader({ label = 'Loading Music Review…' }: { label?: string }) {
  if (bootFrameShown()) return null;
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-background">
      <LogoMark className="size-10" />
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        <span>{label}</span>
      </div>
    </div>
  );
}
