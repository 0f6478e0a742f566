import { DEFAULT_APP_NAME } from '@music-review/core/branding';
import { useState } from 'react';
import { cn } from '../lib/cn';
import { useTheme } from '../lib/theme/theme-context';

export const APP_NAME = DEFAULT_APP_NAME;

/** The default long logo (mark and wordmark), one per mode so the wordmark stays readable. */
export const DEFAULT_LONG_LOGO = { dark: '/logo-long-dark.svg', light: '/logo-long-light.svg' } as const;
export const DEFAULT_SMALL_LOGO = '/logo-small.svg';
/** The default images' own sizes (their SVG width and height): the space is kept before they load. */
const LONG_LOGO_SIZE = { width: 148, height: 32 } as const;
const SMALL_LOGO_SIZE = { width: 32, height: 32 } as const;

/** The default mark: a waveform in a violet tile. Drawn inline, so it can never fail to load. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="mr-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#mr-logo-gradient)" />
      <g fill="#fff">
        <rect x="7" y="13" width="2.6" height="6" rx="1.3" />
        <rect x="11.6" y="9" width="2.6" height="14" rx="1.3" />
        <rect x="16.2" y="6" width="2.6" height="20" rx="1.3" />
        <rect x="20.8" y="11" width="2.6" height="10" rx="1.3" />
        <rect x="25.4" y="14" width="2.6" height="4" rx="1.3" />
      </g>
    </svg>
  );
}

export interface LogoProps {
  /**
   * The label's own images, tried first and in this order: the branding logo (when branding is
   * enabled), then the organization's logo. Empty entries are skipped.
   */
  imageUrls?: readonly (string | null | undefined)[];
  /** The expanded logo with the app name; off gives the small logo (the collapsed sidebar). */
  showName?: boolean;
  appName?: string;
  className?: string;
}

type Step = { kind: 'custom' | 'long' | 'small'; src: string };

/**
 * Spec section 2: on an image error, the organization's logo, then the default long logo, then a
 * small logo; an enabled branding's logo comes first and its app name replaces the default. The
 * long logo carries the default name in its artwork, so it is skipped when the name is another
 * one or there is no room (collapsed). Should every image fail, the inline mark remains.
 */
export function Logo({ imageUrls = [], showName = true, appName = APP_NAME, className }: LogoProps) {
  const { mode } = useTheme();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());

  const steps: Step[] = [
    ...imageUrls.filter((src): src is string => !!src).map((src) => ({ kind: 'custom' as const, src })),
    ...(showName && appName === APP_NAME ? [{ kind: 'long' as const, src: DEFAULT_LONG_LOGO[mode] }] : []),
    { kind: 'small', src: DEFAULT_SMALL_LOGO },
  ];
  const step = steps.find((s) => !failed.has(s.src));
  const onError = (src: string) => () => setFailed((prev) => new Set(prev).add(src));

  const name = showName ? (
    <span className="truncate text-[0.9375rem] font-semibold tracking-tight text-foreground">{appName}</span>
  ) : (
    <span className="sr-only">{appName}</span>
  );

  if (step?.kind === 'long') {
    return (
      <span className={cn('flex min-w-0 items-center', className)}>
        <img
          key={step.src}
          src={step.src}
          alt=""
          onError={onError(step.src)}
          {...LONG_LOGO_SIZE}
          data-logo="long"
          className="h-8 w-auto max-w-full shrink-0"
        />
        <span className="sr-only">{appName}</span>
      </span>
    );
  }

  return (
    <span className={cn('flex min-w-0 items-center gap-2.5', className)}>
      {step ? (
        <img
          key={step.src}
          src={step.src}
          alt=""
          onError={onError(step.src)}
          // A label's own logo: its shape is unknown until it loads, so it is sized as the small one
          // (the classes keep its height and let its width follow the image).
          {...SMALL_LOGO_SIZE}
          data-logo={step.kind}
          className={cn(
            'h-8 shrink-0 object-contain',
            step.kind === 'custom' && showName ? 'w-auto max-w-32' : 'w-8',
            step.kind === 'custom' && 'rounded-lg',
          )}
        />
      ) : (
        <LogoMark />
      )}
      {name}
    </span>
  );
}
