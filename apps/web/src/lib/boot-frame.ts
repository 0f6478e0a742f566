/**
 * The boot frame (decision 0031): arriving at a signed-in page, index.html paints the shell's frame
 * with the page's heading before the app's scripts have run (`app/boot-frame-script.ts` builds that
 * inline script). It stays until the app renders its own first element in #root, then goes in the
 * same frame, so the user never sees a loader between the two.
 */
export const BOOT_FRAME_ID = 'boot-frame';

/** Whether the boot frame is on screen (the app's loaders then draw nothing over it). */
export function bootFrameShown(): boolean {
  return typeof document !== 'undefined' && document.getElementById(BOOT_FRAME_ID) !== null;
}

/** Removes the boot frame as soon as the app has put an element into `root`. */
export function removeBootFrameOnFirstRender(root: HTMLElement): void {
  const frame = document.getElementById(BOOT_FRAME_ID);
  if (!frame) return;
  const observer = new MutationObserver(() => {
    if (root.childElementCount === 0) return;
    observer.disconnect();
    frame.remove();
  });
  observer.observe(root, { childList: true });
}
