import { Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Video, VideoOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The call's buttons. A switch whose device is missing stays visible, disabled, so the row keeps its shape. */
export function CallControls({
  hasMicrophone,
  hasCamera,
  isMuted,
  isCameraOff,
  isSharing,
  canShareScreen,
  disabled,
  onToggleMute,
  onToggleCamera,
  onToggleScreenShare,
  onLeave,
}: {
  hasMicrophone: boolean;
  hasCamera: boolean;
  isMuted: boolean;
  isCameraOff: boolean;
  isSharing: boolean;
  canShareScreen: boolean;
  disabled: boolean;
  onToggleMute(): void;
  onToggleCamera(): void;
  onToggleScreenShare(): void;
  onLeave(): void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Call controls"
      // Always in reach: it sticks above the phone's bottom bar (or the window's edge) while the
      // videos scroll.
      className="sticky bottom-4 z-10 flex flex-wrap items-center justify-center gap-2 rounded-xl border border-border bg-card p-3 shadow-lg max-md:bottom-[6.75rem]"
    >
      <Button
        variant={isMuted ? 'secondary' : 'outline'}
        onClick={onToggleMute}
        disabled={disabled || !hasMicrophone}
      >
        {isMuted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
        {isMuted ? 'Unmute' : 'Mute'}
      </Button>
      <Button
        variant={isCameraOff ? 'secondary' : 'outline'}
        onClick={onToggleCamera}
        disabled={disabled || !hasCamera}
      >
        {isCameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
        {isCameraOff ? 'Turn camera on' : 'Turn camera off'}
      </Button>
      <Button
        variant={isSharing ? 'secondary' : 'outline'}
        onClick={onToggleScreenShare}
        disabled={disabled || !canShareScreen}
      >
        {isSharing ? <MonitorX aria-hidden="true" /> : <MonitorUp aria-hidden="true" />}
        {isSharing ? 'Stop sharing' : 'Share screen'}
      </Button>
      <Button variant="destructive" onClick={onLeave}>
        <PhoneOff aria-hidden="true" />
        Leave call
      </Button>
    </div>
  );
}
