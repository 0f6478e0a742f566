import { type ReactNode, type Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface PopoverTriggerProps {
  ref: Ref<HTMLButtonElement>;
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-haspopup': 'menu' | 'dialog';
  onClick: () => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
}

export interface PopoverProps {
  /** Renders the trigger button with the props that wire it to the panel. */
  trigger: (props: PopoverTriggerProps) => ReactNode;
  /** The panel's content; `close` closes it and returns focus to the trigger. */
  children: (close: () => void) => ReactNode;
  kind?: 'menu' | 'dialog';
  /** Accessible name of the panel. */
  label: string;
  align?: 'start' | 'end';
  side?: 'bottom' | 'top';
  panelClassName?: string;
}

const menuItems = (panel: HTMLElement | null) =>
  Array.from(
    panel?.querySelectorAll<HTMLElement>(
      '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]',
    ) ?? [],
  );

/**
 * A panel anchored to a button (menus, small dropdowns). Closes on Escape, on a click outside and on
 * Tab leaving it. As a menu it moves focus between its items (menuitem, menuitemcheckbox,
 * menuitemradio) with the arrow keys.
 */
export function Popover({
  trigger,
  children,
  kind = 'dialog',
  label,
  align = 'end',
  side = 'bottom',
  panelClassName,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirstOnOpen = useRef<'first' | 'last'>('first');

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const items = () => menuItems(panelRef.current);

  useEffect(() => {
    if (!open) return;
    if (kind === 'menu') {
      const list = menuItems(panelRef.current);
      (focusFirstOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    } else {
      panelRef.current?.focus();
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, kind, close]);

  const onPanelKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (kind !== 'menu') return;
    const list = items();
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = list[(index + 1) % list.length];
    else if (event.key === 'ArrowUp') next = list[(index - 1 + list.length) % list.length];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list[list.length - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  const onTriggerKeyDown = (event: React.KeyboardEvent) => {
    if (kind === 'menu' && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      focusFirstOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const panelProps = {
    ref: panelRef,
    id: panelId,
    tabIndex: -1,
    onKeyDown: onPanelKeyDown,
    className: cn(
      'absolute z-40 min-w-56 rounded-xl border border-border bg-popover text-popover-foreground shadow-pop outline-none',
      align === 'end' ? 'right-0' : 'left-0',
      side === 'bottom' ? 'top-full mt-2' : 'bottom-full mb-2',
      panelClassName,
    ),
  };

  return (
    <div ref={rootRef} className="relative">
      {trigger({
        ref: triggerRef,
        'aria-expanded': open,
        'aria-controls': panelId,
        'aria-haspopup': kind,
        onClick: () => {
          focusFirstOnOpen.current = 'first';
          setOpen((v) => !v);
        },
        onKeyDown: onTriggerKeyDown,
      })}
      {open && kind === 'menu' ? (
        <div role="menu" aria-label={label} {...panelProps}>
          {children(() => close())}
        </div>
      ) : null}
      {open && kind === 'dialog' ? (
        <div role="dialog" aria-label={label} {...panelProps}>
          {children(() => close())}
        </div>
      ) : null}
    </div>
  );
}
