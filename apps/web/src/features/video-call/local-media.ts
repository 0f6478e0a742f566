/**
 * The camera and microphone for a call. When both cannot be had together, each is tried alone, so a
 * member without a camera (or who refused it) still joins with their voice, and one with neither
 * still joins to watch and listen.
 */

export interface LocalMedia {
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  /** Why something is missing, for the page's message; null when both came. */
  problem: string | null;
}

function reasonOf(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Permission was denied.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera or microphone was found.';
  if (name === 'NotReadableError' || name === 'AbortError')
    return 'The device is in use by another application.';
  return 'The browser could not open the device.';
}

function whatRemains(audio: boolean, video: boolean): string {
  if (audio) return 'You are in the call with your microphone only.';
  if (video) return 'You are in the call with your camera only.';
  return 'You can still see and hear the others.';
}

async function tryGet(constraints: MediaStreamConstraints) {
  try {
    return { stream: await navigator.mediaDevices.getUserMedia(constraints), error: null };
  } catch (error) {
    return { stream: null, error };
  }
}

export async function acquireLocalMedia(): Promise<LocalMedia> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    return {
      audioTrack: null,
      videoTrack: null,
      problem: `This browser does not offer camera or microphone access here. ${whatRemains(false, false)}`,
    };
  }
  const both = await tryGet({ audio: true, video: true });
  if (both.stream) {
    return {
      audioTrack: both.stream.getAudioTracks()[0] ?? null,
      videoTrack: both.stream.getVideoTracks()[0] ?? null,
      problem: null,
    };
  }
  const audio = await tryGet({ audio: true });
  const video = await tryGet({ video: true });
  const audioTrack = audio.stream?.getAudioTracks()[0] ?? null;
  const videoTrack = video.stream?.getVideoTracks()[0] ?? null;
  return {
    audioTrack,
    videoTrack,
    problem: `${reasonOf(audio.error ?? video.error ?? both.error)} ${whatRemains(!!audioTrack, !!videoTrack)}`,
  };
}

export function stopTracks(...tracks: (MediaStreamTrack | null | undefined)[]) {
  for (const track of tracks) track?.stop();
}
