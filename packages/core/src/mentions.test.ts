import { describe, expect, it } from 'vitest';
import { activeMention, insertMention, mentionCandidates, mentionedIds } from './mentions.ts';

describe('activeMention', () => {
  it("recognises '@' at the start of the text", () => {
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('@ad', 3)).toEqual({ start: 0, query: 'ad' });
  });

  it("recognises '@' after a space (and at the start of a new line)", () => {
    expect(activeMention('hello @Ri', 9)).toEqual({ start: 6, query: 'Ri' });
    expect(activeMention('hello\n@Ri', 9)).toEqual({ start: 6, query: 'Ri' });
  });

  it("ignores '@' inside a word, such as an email address", () => {
    expect(activeMention('mail ada@label.test', 19)).toBeNull();
    expect(activeMention('x@', 2)).toBeNull();
  });

  it('ends the term at a space', () => {
    expect(activeMention('@Ada Lovelace', 13)).toBeNull();
    expect(activeMention('@Ada ', 5)).toBeNull();
  });

  it('reads only what is before the caret', () => {
    expect(activeMention('@Ada and more', 2)).toEqual({ start: 0, query: 'A' });
    expect(activeMention('hi @Ada', 2)).toBeNull();
    expect(activeMention('@Ada', 0)).toBeNull();
  });

  it('lets the term hold an email', () => {
    expect(activeMention('@ada@label', 10)).toEqual({ start: 0, query: 'ada@label' });
  });

  it('clamps a caret outside the text', () => {
    expect(activeMention('@a', 99)).toEqual({ start: 0, query: 'a' });
    expect(activeMention('', -1)).toBeNull();
  });
});

describe('mentionCandidates', () => {
  const member = (n: number, name: string, email = `m${n}@label.test`) => ({ id: `id-${n}`, name, email });
  const members = [
    member(1, 'Ada Lovelace', 'ada@label.test'),
    member(2, 'Grace Hopper', 'grace@label.test'),
    member(3, 'Alan Turing', 'alan@label.test'),
    member(4, 'Barbara Liskov', 'barbara@label.test'),
    member(5, 'Katherine Johnson', 'kj@label.test'),
    member(6, 'Radia Perlman', 'radia@label.test'),
    member(7, 'Edsger Dijkstra', 'edsger@label.test'),
  ];

  it('matches the name case-insensitively', () => {
    expect(mentionCandidates(members, 'GRACE').map((m) => m.name)).toEqual(['Grace Hopper']);
    expect(mentionCandidates(members, 'love').map((m) => m.name)).toEqual(['Ada Lovelace']);
  });

  it('matches the email case-insensitively', () => {
    expect(mentionCandidates(members, 'KJ@').map((m) => m.name)).toEqual(['Katherine Johnson']);
  });

  it('suggests at most 5', () => {
    expect(mentionCandidates(members, '')).toHaveLength(5);
    expect(mentionCandidates(members, 'label.test')).toHaveLength(5);
  });

  it('puts members whose name or a word of it begins with the term first', () => {
    // 'ra' is inside Grace, Barbara and Dijkstra, and begins Radia.
    expect(mentionCandidates(members, 'ra').map((m) => m.name)).toEqual([
      'Radia Perlman',
      'Grace Hopper',
      'Barbara Liskov',
      'Edsger Dijkstra',
    ]);
  });

  it('finds nobody for an unknown term', () => {
    expect(mentionCandidates(members, 'zz')).toEqual([]);
  });
});

describe('insertMention', () => {
  it("replaces the typed term with '@Name ' and puts the caret after it", () => {
    const text = 'hi @gr';
    const result = insertMention(text, { start: 3, query: 'gr' }, 'Grace Hopper');
    expect(result).toEqual({ text: 'hi @Grace Hopper ', caret: 17 });
  });

  it('keeps the text after the term and reuses a following space', () => {
    const result = insertMention('@gr how are you', { start: 0, query: 'gr' }, 'Grace Hopper');
    expect(result.text).toBe('@Grace Hopper how are you');
    expect(result.caret).toBe('@Grace Hopper '.length);
  });
});

describe('mentionedIds', () => {
  const chosen = [
    { id: 'a', name: 'Ada Lovelace' },
    { id: 'g', name: 'Grace Hopper' },
    { id: 'a', name: 'Ada Lovelace' },
  ];

  it('keeps the members still mentioned in the text, once each', () => {
    expect(mentionedIds('@Ada Lovelace and @Grace Hopper', chosen)).toEqual(['a', 'g']);
  });

  it('drops a mention deleted from the text', () => {
    expect(mentionedIds('only @Grace Hopper', chosen)).toEqual(['g']);
    expect(mentionedIds('nobody', chosen)).toEqual([]);
  });
});
