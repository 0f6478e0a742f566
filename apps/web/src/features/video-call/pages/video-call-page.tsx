import { CALL_MESSAGES } from '@music-review/core/calls';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { PeerView } from '../call-session';
import { CallControls } from '../components/call-controls';
import { VideoTile } from '../components/video-tile';
import { type CallPhase, useVideoCall } from '../use-video-call';

function connectionLine(phase: CallPhase, peers: PeerView[]): string {
  if (phase === 'left') return 'You left the call';
  if (phase !== 'joined') return 'Connecting...';
  if (peers.length === 0) return 'Waiting for others to join...';
  if (peers.some((p) => p.state === 'reconnecting')) return 'Reconnecting...';
  return peers.every((p) => p.state === 'connected') ? 'Connected' : 'Connecting...';
}

const PEER_STATUS: Record<PeerView['state'], string | null> = {
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  failed: 'Connection lost, retrying...',
  connected: null,
};

/** /video-call/{callId}: join from the link posted in the chat; audio and video with the others. */
export function VideoCallPage() {
  const { callId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const call = useVideoCall(callId);

  const localStream = useMemo(() => {
    const track = call.screenTrack ?? call.cameraTrack;
    return track && typeof MediaStream === 'function' ? new MediaStream([track]) : null;
  }, [call.screenTrack, call.cameraTrack]);

  const onLeave = async () => {
    await call.leave();
    // Back where they came from (the chat); the hub when the link was opened directly.
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.labelHub.href(), { replace: true });
  };

  const notFound =
    call.phase === 'unavailable' || (isApiError(call.callError) && call.callError.status === 404);
  if (notFound) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Video Call" />
        <Alert>
          {CALL_MESSAGES.notFound}. The link may be wrong, or the call belongs to a conversation you are not
          part of.
        </Alert>
        <Link
          to={paths.labelHub.href()}
          className={buttonClasses({ variant: 'outline', className: 'self-start' })}
        >
          Back to Label Hub
        </Link>
      </div>
    );
  }

  const self = call.call?.participants.find((p) => p.reviewer_id === call.selfId);
  const hasPicture = !!call.screenTrack || (!!call.cameraTrack && !call.isCameraOff);
  const line = connectionLine(call.phase, call.peers);
  const canShareScreen = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;
  const others = call.call?.participants.filter((p) => p.reviewer_id !== call.selfId) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Video Call" subtitle={call.call?.title ?? null} />
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span
          aria-hidden="true"
          className={cn(
            'size-2 rounded-full',
            line === 'Connected'
              ? 'bg-success'
              : call.phase === 'left'
                ? 'bg-muted-foreground'
                : 'bg-amber-500',
          )}
        />
        {line}
      </p>

      {call.joinError ? <Alert>{call.joinError}</Alert> : null}
      {call.mediaProblem ? (
        <Alert>
          <p className="font-medium">{CALL_MESSAGES.mediaUnavailable}</p>
          <p>{call.mediaProblem}</p>
        </Alert>
      ) : null}

      {call.phase === 'left' ? (
        <p className="text-sm text-muted-foreground">You left the call.</p>
      ) : (
        <>
          <section
            aria-label="Videos"
            className={cn('grid gap-3 sm:grid-cols-2', call.peers.length > 1 && 'xl:grid-cols-3')}
          >
            <VideoTile
              name={call.screenTrack ? 'You (sharing your screen)' : 'You'}
              avatarKey={self?.avatar_key}
              videoLabel="Your video"
              stream={localStream}
              isLocal
              showVideo={hasPicture}
            />
            {call.peers.map((peer) => (
              <VideoTile
                key={peer.reviewerId}
                name={peer.name}
                avatarKey={others.find((p) => p.reviewer_id === peer.reviewerId)?.avatar_key}
                videoLabel={`${peer.name}'s video`}
                stream={peer.stream}
                status={PEER_STATUS[peer.state]}
              />
            ))}
          </section>

          <section aria-labelledby="in-call-heading" className="flex flex-col gap-2">
            <h2 id="in-call-heading" className="text-sm font-semibold text-foreground">
              In this call
            </h2>
            <ul className="flex flex-wrap gap-2">
              {(call.call?.participants ?? []).map((p) => (
                <li
                  key={p.reviewer_id}
                  className="flex items-center gap-2 rounded-full border border-border py-1 pr-3 pl-1 text-sm"
                >
                  <UserAvatar name={p.name} avatarKey={p.avatar_key} className="size-6 text-[0.625rem]" />
                  {p.reviewer_id === call.selfId ? `${p.name} (you)` : p.name}
                </li>
              ))}
            </ul>
          </section>

          <CallControls
            hasMicrophone={!!call.audioTrack}
            hasCamera={!!call.cameraTrack}
            isMuted={call.isMuted}
            isCameraOff={call.isCameraOff}
            isSharing={!!call.screenTrack}
            canShareScreen={canShareScreen}
            disabled={call.phase !== 'joined'}
            onToggleMute={call.toggleMute}
            onToggleCamera={call.toggleCamera}
            onToggleScreenShare={() => void call.toggleScreenShare()}
            onLeave={() => void onLeave()}
          />
        </>
      )}
    </div>
  );
}
