import { Video } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useStartCall } from '../api/start-call';

/**
 * "Start video call" in a conversation's header (a direct message or a song chat): starts the call,
 * which posts its join link in the conversation, and opens the call page.
 */
export function StartCallButton({
  conversationId,
  size = 'sm',
  variant = 'outline',
  className,
}: {
  conversationId: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const navigate = useNavigate();
  const startCall = useStartCall();

  const onClick = () => {
    startCall.mutate(conversationId, {
      onSuccess: (call) => navigate(paths.videoCall.href(call.id)),
      onError: (error) => {
        toast.error(isApiError(error) ? error.message : 'Could not start the video call. Please try again.');
      },
    });
  };

  return (
    <Button
      size={size}
      variant={variant}
      className={className}
      onClick={onClick}
      isLoading={startCall.isPending}
      aria-label="Start video call"
      title="Start video call"
    >
      {startCall.isPending ? null : <Video aria-hidden="true" />}
      {size === 'icon' || size === 'icon-sm' ? null : 'Start video call'}
    </Button>
  );
}
