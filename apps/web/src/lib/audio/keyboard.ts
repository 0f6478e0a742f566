/** The player's keyboard shortcuts (ARCHITECTURE section 9): space, and the arrows by 10 s. */
export type PlayerKeyAction = 'toggle' | 'back' | 'forward';

/** Focus in a text field, a select or editable content: the keys belong to the user's typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]')) {
    return true;
  }
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * The action for a key press, or null when the player should leave it alone: modified keys,
 * typing, and keys on controls that already answer them (a button's space, a slider's arrows).
 */
export function playerKeyAction(event: KeyboardEvent): PlayerKeyAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (event.key === ' ' || event.code === 'Space') {
    // Space on a button or link presses it; the player must not act twice.
    if (target?.closest('button, a[href], [role="button"], [role="tab"], [role="checkbox"]')) return null;
    return 'toggle';
  }
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    if (target?.closest('[role="slider"], [role="tablist"], [role="radiogroup"]')) return null;
    return event.key === 'ArrowLeft' ? 'back' : 'forward';
  }
  return null;
}
