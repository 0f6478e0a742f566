import { useState } from 'react';
import { cn } from '../lib/cn';

export const APP_NAME = 'Music Review';

/** The default mark: a waveform in a violet tile. */
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
  /** The organization's logo; falls back to the default logo when missing or broken. */
  imageUrl?: string | null;
  /** Shows the app name beside the mark (the long logo); off gives the small logo. */
  showName?: boolean;
  appName?: string;
  className?: string;
}

/** Spec section 2: organization logo, then the default long logo, then the small logo. */
export function Logo({ imageUrl, showName = true, appName = APP_NAME, className }: LogoProps) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const hasImage = !!imageUrl && imageUrl !== brokenUrl;

  return (
    <span className={cn('flex min-w-0 items-center gap-2.5', className)}>
      {hasImage ? (
        <img
          src={imageUrl}
          alt=""
          onError={() => setBrokenUrl(imageUrl)}
          className="size-8 shrink-0 rounded-lg bg-muted object-contain"
        />
      ) : (
        <LogoMark />
      )}
      {showName ? (
        <span className="truncate text-[0.9375rem] font-semibold tracking-tight text-foreground">
          {appName}
        </span>
      ) : (
        <span className="sr-only">{appName}</span>
      )}
    </span>
  );
}
