import { findCallLink } from '@music-review/core/calls';
import type { AttachmentType, MessageDto } from '@music-review/core/messages';
import { FileText, Trash2, Video } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatFullTime, formatMessageTime } from '../format-time';

const ATTACHMENT_LABELS: Record<AttachmentType, string> = {
  metadata_form: 'Metadata form',
  marketing_form: 'Marketing form',
  label_copy_form: 'Label copy form',
};

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with each '@Name' of a mentioned member emphasised. */
function withMentions(text: string, names: readonly string[]): ReactNode {
  const unique = [...new Set(names)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (unique.length === 0) return text;
  const pattern = new RegExp(`(@(?:${unique.map(escapeRegExp).join('|')}))`, 'g');
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
      <strong key={index} className="font-semibold">
        {part}
      </strong>
    ) : (
      part
    ),
  );
}

/** A form link sent with a message (spec section 3: attachment_type, the link and the song's title). */
function AttachmentCard({ message }: { message: MessageDto }) {
  const type = message.attachment_type;
  const link = message.metadata_form_link;
  if (!type || !link) return null;
  const label = ATTACHMENT_LABELS[type];
  const content = (
    <>
      <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-medium text-foreground">{label}</span>
        {message.metadata_song_title ? (
          <span className="truncate text-xs text-muted-foreground">{message.metadata_song_title}</span>
        ) : null}
      </span>
    </>
  );
  const classes =
    'mt-1.5 flex items-center gap-3 rounded-lg border border-border bg-card px-3 py-2 text-left outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring';
  const name = message.metadata_song_title ? `${label}: ${message.metadata_song_title}` : label;
  return link.startsWith('/') ? (
    <Link to={link} className={classes} aria-label={name}>
      {content}
    </Link>
  ) : (
    <a href={link} target="_blank" rel="noreferrer" className={classes} aria-label={name}>
      {content}
    </a>
  );
}

/** The text without a call's join address: the "Join call" button below stands for it. */
function withoutCallLink(text: string): string {
  if (!findCallLink(text)) return text;
  return text.replace(/:?\s*(?:https?:\/\/\S+)?\/video-call\/[0-9a-f-]{36}\S*/i, '').trim() || text;
}

/** A video call's join link in the text ("Started a video call: .../video-call/<id>") as a button. */
function CallLink({ text }: { text: string }) {
  const call = findCallLink(text);
  if (!call) return null;
  return (
    <Link
      to={call.path}
      className="mt-1.5 flex w-fit items-center gap-2 rounded-lg border border-border bg-card px-3 py-1.5 text-sm font-medium text-foreground outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Video aria-hidden="true" className="size-4 text-primary" />
      Join call
    </Link>
  );
}

export interface MessageItemProps {
  message: MessageDto;
  isOwn: boolean;
  /** Names of the members this message mentions, to emphasise. */
  mentionNames: readonly string[];
  /** Under the message (the "Seen by" row of the caller's latest one). */
  footer?: ReactNode;
  /** Given when the caller may delete it (their own message, or any as an admin). */
  onDelete?: () => Promise<unknown>;
}

/** "Delete message", then a confirmation in place: a deleted message disappears for everyone. */
function DeleteMessage({ onDelete }: { onDelete: () => Promise<unknown> }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const small =
    'rounded-md px-1.5 py-0.5 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring';
  if (!isConfirming) {
    return (
      <button
        type="button"
        aria-label="Delete message"
        title="Delete message"
        onClick={() => setIsConfirming(true)}
        className="rounded-md p-1 text-muted-foreground opacity-60 outline-none transition-opacity hover:text-destructive hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring group-hover:opacity-100"
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
      </button>
    );
  }
  return (
    <span className="flex items-center gap-1">
      <span className="text-xs text-muted-foreground">Delete for everyone?</span>
      <button
        type="button"
        disabled={isDeleting}
        onClick={() => {
          setIsDeleting(true);
          onDelete().finally(() => {
            setIsDeleting(false);
            setIsConfirming(false);
          });
        }}
        className={cn(small, 'text-destructive hover:bg-destructive/10')}
      >
        Delete
      </button>
      <button type="button" onClick={() => setIsConfirming(false)} className={cn(small, 'hover:bg-muted')}>
        Cancel
      </button>
    </span>
  );
}

/** One message: who sent it and when, its text, and a card for an attached form. */
export function MessageItem({ message, isOwn, mentionNames, footer, onDelete }: MessageItemProps) {
  return (
    <li
      data-sequence={message.sequence}
      // The read-mark observer watches messages of others.
      data-others={isOwn ? 'false' : 'true'}
      className={cn(
        'group flex max-w-[85%] flex-col gap-1',
        isOwn ? 'ml-auto items-end' : 'mr-auto items-start',
      )}
    >
      <span className="flex items-baseline gap-2 px-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">
          {isOwn ? 'You' : (message.sender_name ?? 'Former member')}
        </span>
        <time dateTime={message.created_at} title={formatFullTime(message.created_at)}>
          {formatMessageTime(message.created_at)}
        </time>
        {onDelete ? <DeleteMessage onDelete={onDelete} /> : null}
      </span>
      <div
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          isOwn
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        {message.message_text ? withMentions(withoutCallLink(message.message_text), mentionNames) : null}
        <AttachmentCard message={message} />
        <CallLink text={message.message_text} />
      </div>
      {footer}
    </li>
  );
}
