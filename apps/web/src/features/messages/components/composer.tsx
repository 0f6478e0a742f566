import {
  activeMention,
  insertMention,
  type MentionableMember,
  mentionCandidates,
  mentionedIds,
} from '@music-review/core/mentions';
import { MESSAGE_TEXT_MAX, type MessageDto } from '@music-review/core/messages';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useTypingReporter } from '../api/report-typing';
import { useSendMessage } from '../api/send-message';

/** Spec section 8: messaging error toasts stay 5 s. */
const ERROR_TOAST_MS = 5000;

interface ChosenMention {
  id: string;
  name: string;
}

export interface ComposerProps {
  conversationId: string;
  /** Who may be mentioned here (not the caller; in a DM only the other member). */
  mentionable: readonly MentionableMember[];
  /** The stored message, as the server answered the send. */
  onSent: (message: MessageDto) => void;
  compact?: boolean;
}

/**
 * The message box (spec sections 5 and 9): a text field labelled "Message" and a Send button. Enter
 * without Shift sends, Shift+Enter starts a new line; empty or whitespace-only text is not sent; one
 * send at a time; a failed send puts the text and its mentions back and says why. '@' at the start
 * or after a space suggests up to 5 members (arrows, Enter or Tab to choose, Escape to dismiss).
 */
export function Composer({ conversationId, mentionable, onSent, compact = false }: ComposerProps) {
  const send = useSendMessage(conversationId);
  const typing = useTypingReporter(conversationId);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [chosen, setChosen] = useState<ChosenMention[]>([]);
  const [isSending, setIsSending] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  /** The '@' whose suggestions Escape dismissed (they stay closed while that term is typed). */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const inFlight = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const mention = activeMention(text, caret);
  const suggestions =
    mention && mention.start !== dismissedAt ? mentionCandidates(mentionable, mention.query) : [];
  const isSuggesting = suggestions.length > 0;
  const active = Math.min(highlighted, Math.max(0, suggestions.length - 1));
  const canSend = text.trim().length > 0 && !isSending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: sizes the field and places the caret after each change of the text
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    // Grows with its text up to a few lines, then scrolls.
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, 160)}px`;
    if (pendingCaret.current !== null) {
      textarea.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [text]);

  const moveCaret = (position: number) => {
    pendingCaret.current = position;
    setCaret(position);
  };

  const choose = (member: MentionableMember) => {
    if (!mention) return;
    const result = insertMention(text, mention, member.name);
    setText(result.text);
    setChosen((current) => [...current, { id: member.id, name: member.name }]);
    setHighlighted(0);
    moveCaret(result.caret);
    textareaRef.current?.focus();
  };

  const submit = async () => {
    if (inFlight.current) return;
    const messageText = text.trim();
    if (!messageText) return;
    const sent = { text, chosen };
    inFlight.current = true;
    setIsSending(true);
    setText('');
    setChosen([]);
    moveCaret(0);
    typing.stop();
    try {
      const ids = mentionedIds(sent.text, sent.chosen);
      const message = await send.mutateAsync({
        message_text: messageText,
        ...(ids.length > 0 ? { mentioned_user_ids: ids } : {}),
      });
      onSent(message);
    } catch (error) {
      // Put it back as it was (before anything typed meanwhile), mentions included.
      setText((current) => (current ? `${sent.text} ${current}` : sent.text));
      setChosen((current) => [...sent.chosen, ...current]);
      moveCaret(sent.text.length);
      const reason = isApiError(error) ? error.message : 'Please try again.';
      toast.error(`Message not sent. ${reason}`, { duration: ERROR_TOAST_MS });
    } finally {
      inFlight.current = false;
      setIsSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSuggesting && mention) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlighted((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        const member = suggestions[active];
        if (member) choose(member);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the suggestions only, not the panel around the composer.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const syncCaret = (target: HTMLTextAreaElement) => setCaret(target.selectionStart ?? target.value.length);

  return (
    <form
      className={cn('relative flex items-end gap-2 border-t border-border', compact ? 'p-2' : 'p-3')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {isSuggesting ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention suggestions"
          className="absolute right-3 bottom-full left-3 z-10 mb-1 overflow-hidden rounded-lg border border-border bg-popover p-1 shadow-pop"
        >
          {suggestions.map((member, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options stay in the text field's focus (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the text field handles the keys for its options (arrows, Enter, Escape)
            <div
              key={member.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus (and the caret) in the text field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(member)}
              onMouseEnter={() => setHighlighted(index)}
              className={cn(
                'flex cursor-pointer flex-col rounded-md px-2.5 py-1.5 text-sm',
                index === active ? 'bg-muted text-foreground' : 'text-muted-foreground',
              )}
            >
              <span className="font-medium text-foreground">{member.name}</span>
              <span className="truncate text-xs">{member.email}</span>
            </div>
          ))}
        </div>
      ) : null}
      <textarea
        ref={textareaRef}
        aria-label="Message"
        aria-autocomplete="list"
        aria-controls={isSuggesting ? listId : undefined}
        aria-activedescendant={isSuggesting ? optionId(active) : undefined}
        placeholder="Write a message… (@ to mention)"
        rows={1}
        maxLength={MESSAGE_TEXT_MAX}
        value={text}
        onChange={(event) => {
          const { value } = event.currentTarget;
          setText(value);
          syncCaret(event.currentTarget);
          setHighlighted(0);
          if (activeMention(value, event.currentTarget.selectionStart ?? value.length) === null) {
            setDismissedAt(null);
          }
          if (value.trim()) typing.keystroke();
        }}
        onSelect={(event) => syncCaret(event.currentTarget)}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button
        type="submit"
        size={compact ? 'sm' : 'md'}
        disabled={!canSend}
        aria-busy={isSending || undefined}
      >
        <SendHorizontal aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
