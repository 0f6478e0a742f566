import { MENTION_SUGGESTIONS_MAX } from './messages.ts';

/**
 * Mentions in the message composer (spec sections 5 and 9): '@' counts only at the start of the
 * text or after a space, the search term after it has no space, and at most 5 members are
 * suggested, matched case-insensitively on name or email.
 */

/** The '@term' the caret is in: where its '@' is, and the term typed so far (without the '@'). */
export interface ActiveMention {
  start: number;
  query: string;
}

/** A member who can be mentioned. */
export interface MentionableMember {
  id: string;
  name: string;
  email: string;
}

/**
 * The mention being typed at `caret`, or null. The word before the caret must begin with '@' and
 * that '@' must open the text or follow whitespace (a line break starts a line just as the text's
 * start does), so an address like `ada@label.test` typed as text never opens suggestions, while
 * `@ada@label` searches for that email.
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const end = Math.max(0, Math.min(caret, text.length));
  let start = end;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start -= 1;
  if (text[start] !== '@' || start >= end) return null;
  return { start, query: text.slice(start + 1, end) };
}

/**
 * Up to `max` (5) members whose name or email contains the query, ignoring case. Those whose name
 * (or a word of it) or email begins with the query come first; otherwise the members' order is
 * kept. An empty query lists the first members.
 */
export function mentionCandidates<T extends MentionableMember>(
  members: readonly T[],
  query: string,
  max: number = MENTION_SUGGESTIONS_MAX,
): T[] {
  const q = query.trim().toLowerCase();
  const startsWith = (member: T) =>
    member.email.toLowerCase().startsWith(q) ||
    member.name
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(q)) ||
    member.name.toLowerCase().startsWith(q);
  const matches = members.filter(
    (member) => member.name.toLowerCase().includes(q) || member.email.toLowerCase().includes(q),
  );
  const first = matches.filter(startsWith);
  const rest = matches.filter((member) => !startsWith(member));
  return [...first, ...rest].slice(0, Math.max(0, max));
}

/**
 * Replaces the '@term' being typed with '@Name ' and returns the new text with the caret just after
 * it (a space already following the term is reused rather than doubled).
 */
export function insertMention(
  text: string,
  mention: ActiveMention,
  name: string,
): { text: string; caret: number } {
  const before = text.slice(0, mention.start);
  let after = text.slice(mention.start + 1 + mention.query.length);
  if (after.startsWith(' ')) after = after.slice(1);
  const inserted = `@${name} `;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/**
 * The ids of the chosen members whose '@Name' is still in the text when it is sent (a mention the
 * writer deleted again is not sent), each once, in the order chosen.
 */
export function mentionedIds(
  text: string,
  chosen: readonly Pick<MentionableMember, 'id' | 'name'>[],
): string[] {
  const ids: string[] = [];
  for (const member of chosen) {
    if (!ids.includes(member.id) && text.includes(`@${member.name}`)) ids.push(member.id);
  }
  return ids;
}
