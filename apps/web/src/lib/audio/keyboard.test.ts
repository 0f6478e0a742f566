import { describe, expect, it } from 'vitest';
import { isTypingTarget, playerKeyAction } from './keyboard';

function pressOn(element: HTMLElement, init: KeyboardEventInit) {
  document.body.append(element);
  let action: ReturnType<typeof playerKeyAction> = null;
  element.addEventListener('keydown', (event) => {
    action = playerKeyAction(event);
  });
  element.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
  return action;
}

describe('player keyboard rules', () => {
  it('maps space to play/pause and the arrows to 10 s seeks', () => {
    expect(pressOn(document.createElement('div'), { key: ' ', code: 'Space' })).toBe('toggle');
    expect(pressOn(document.createElement('div'), { key: 'ArrowLeft' })).toBe('back');
    expect(pressOn(document.createElement('div'), { key: 'ArrowRight' })).toBe('forward');
    expect(pressOn(document.createElement('div'), { key: 'a' })).toBeNull();
  });

  it.each(['input', 'textarea', 'select'])('leaves the keys alone while typing in a %s', (tag) => {
    expect(pressOn(document.createElement(tag), { key: ' ', code: 'Space' })).toBeNull();
    expect(pressOn(document.createElement(tag), { key: 'ArrowLeft' })).toBeNull();
  });

  it('leaves the keys alone in contenteditable content, nested too', () => {
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    const inner = document.createElement('span');
    editor.append(inner);
    document.body.append(editor);
    expect(isTypingTarget(inner)).toBe(true);
    expect(pressOn(editor, { key: ' ' })).toBeNull();
  });

  it('does not take space from a button, nor modified keys', () => {
    expect(pressOn(document.createElement('button'), { key: ' ' })).toBeNull();
    expect(pressOn(document.createElement('div'), { key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(pressOn(document.createElement('div'), { key: ' ', ctrlKey: true })).toBeNull();
  });
});
