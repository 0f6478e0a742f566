import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme/theme-context';
import { Button } from './ui/button';

/** The spec's 'Toggle dark mode' button (top bar, and a corner of the signed-out screens). */
export function ThemeToggle({ className }: { className?: string }) {
  const { mode, toggle } = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label="Toggle dark mode"
      aria-pressed={mode === 'dark'}
      title={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
      className={className}
    >
      {mode === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
