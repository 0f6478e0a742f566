import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../lib/api-context';
import { getImageUrl, PRESIGN_SECONDS, REFRESH_BEFORE_EXPIRY_MS } from '../lib/audio/signed-url';
import { cn } from '../lib/cn';

/** Two letters for a name: first and last word's initials, or the first two letters of one word. */
export function initialsOf(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase() || '?';
}

export const avatarUrlQueryKey = (avatarKey: string) => ['avatar-url', avatarKey] as const;

/** A signed URL for a member's photo, kept until shortly before it expires. */
function useAvatarUrl(avatarKey: string | null | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: avatarUrlQueryKey(avatarKey ?? ''),
    queryFn: ({ signal }) => getImageUrl(api, avatarKey!, signal),
    enabled: !!avatarKey,
    staleTime: PRESIGN_SECONDS * 1000 - REFRESH_BEFORE_EXPIRY_MS,
    retry: false,
  });
}

/**
 * A member's photo, or their initials on a gradient while there is none (or it cannot load).
 * Decorative by default: the control around it names the person.
 */
export function UserAvatar({
  name,
  avatarKey,
  className,
  label,
  id,
}: {
  name: string;
  avatarKey?: string | null;
  /** Size and text size, e.g. `size-8 text-xs`. */
  className?: string;
  /** Set to announce the picture itself (e.g. "Your photo"); otherwise hidden from assistive tech. */
  label?: string;
  /** For a control that names itself by what it shows (aria-labelledby): the initials, or nothing over a photo. */
  id?: string;
}) {
  const url = useAvatarUrl(avatarKey);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const src = url.data?.url;
  const showImage = !!avatarKey && !!src && src !== brokenUrl;

  return (
    <span
      id={id}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-violet-500 to-indigo-600 font-semibold text-white select-none',
        className,
      )}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          onError={() => setBrokenUrl(src)}
          draggable={false}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
