import { VideoOff, Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/user-avatar';
import { cn } from '../../../lib/cn';

/**
 * One participant's picture (or initials while there is none). The local tile is always muted (no
 * echo) and mirrored like a mirror. When the browser refuses to play sound before the user has
 * interacted with the page, the video still plays, muted, with a button to turn the sound on.
 */
export function VideoTile({
  name,
  avatarKey,
  videoLabel,
  stream,
  isLocal = false,
  showVideo = true,
  status,
}: {
  name: string;
  avatarKey?: string | null;
  /** The video element's accessible name, e.g. "Your video" or "Sam's video". */
  videoLabel: string;
  stream: MediaStream | null;
  isLocal?: boolean;
  /** False shows the initials (camera off, or nothing sent yet). */
  showVideo?: boolean;
  /** A line under the name while not connected, e.g. "Connecting...". */
  status?: string | null;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [isSoundBlocked, setIsSoundBlocked] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (!stream) return;
    video.play().catch(() => {
      if (isLocal) return;
      video.muted = true;
      setIsSoundBlocked(true);
      video.play().catch(() => {});
    });
  }, [stream, isLocal]);

  const turnSoundOn = () => {
    const video = ref.current;
    if (!video) return;
    video.muted = false;
    setIsSoundBlocked(false);
    video.play().catch(() => {});
  };

  const hasPicture = showVideo && !!stream && stream.getVideoTracks().length > 0;

  return (
    <figure className="relative flex aspect-video min-h-0 items-center justify-center overflow-hidden rounded-xl border border-border bg-neutral-900">
      <video
        ref={ref}
        aria-label={videoLabel}
        autoPlay
        playsInline
        muted={isLocal}
        className={cn('size-full object-cover', isLocal && '-scale-x-100', !hasPicture && 'invisible')}
      />
      {!hasPicture ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-neutral-200">
          <UserAvatar name={name} avatarKey={avatarKey} className="size-16 text-lg" />
          {isLocal && showVideo === false ? (
            <span className="flex items-center gap-1 text-xs">
              <VideoOff aria-hidden="true" className="size-3.5" />
              Camera off
            </span>
          ) : null}
        </div>
      ) : null}
      <figcaption className="absolute bottom-2 left-2 flex max-w-[calc(100%-1rem)] flex-col rounded-md bg-black/60 px-2 py-1 text-xs text-white">
        <span className="truncate font-medium">{name}</span>
        {status ? <span className="text-neutral-300">{status}</span> : null}
      </figcaption>
      {isSoundBlocked ? (
        <Button size="sm" variant="secondary" className="absolute top-2 right-2" onClick={turnSoundOn}>
          <Volume2 aria-hidden="true" />
          Turn on sound
        </Button>
      ) : null}
    </figure>
  );
}
