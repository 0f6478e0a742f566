/**
 * A small streaming XML tokenizer for the parts of an XLSX workbook: text pushed chunk by chunk,
 * tags and text handed to a handler, nothing kept but an unfinished tag or text node. Enough XML for
 * what spreadsheet writers produce (elements, attributes in either quote, entities, CDATA, comments,
 * processing instructions); namespace prefixes are dropped from element names (`x:row` is `row`).
 * Hand-written because the sheet of a large workbook is gigabytes of small tags, where a general
 * parser spends most of its time on what is not needed here.
 */
import { TABULAR_MESSAGES } from './messages.ts';
import { TabularError } from './tabular-error.ts';

export interface XmlHandler {
  /** Whether the text before the next tag is wanted (text is decoded only then). */
  wantsText: boolean;
  /** Set when the rest of the document is not needed: scanning stops at once. */
  isDone?: boolean;
  /** `attributes` is valid only during the call (it is reused for the next tag). */
  open(name: string, attributes: Attributes, isSelfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

/** A tag or text node longer than this is not spreadsheet XML (a cell holds at most 32,767 characters). */
const MAX_PENDING = 16 * 1024 * 1024;

const SLASH = 47;
const BANG = 33;
const QUESTION = 63;

export const brokenWorkbook = () => new TabularError('broken_workbook', TABULAR_MESSAGES.brokenWorkbook);

export class XmlScanner {
  private pending: string[] = [];
  private pendingLength = 0;
  private readonly attributes = new Attributes();

  constructor(private readonly handler: XmlHandler) {}

  push(chunk: string, final = false): void {
    if (this.handler.isDone) return;
    if (this.pending.length > 0 && !final && chunk.indexOf('>') < 0 && chunk.indexOf('<') < 0) {
      // Still inside one long text node or tag: gather without rescanning what is gathered.
      this.pending.push(chunk);
      this.pendingLength += chunk.length;
      if (this.pendingLength > MAX_PENDING) throw brokenWorkbook();
      return;
    }
    const text = this.pending.length > 0 ? this.pending.join('') + chunk : chunk;
    this.pending = [];
    this.pendingLength = 0;
    const handler = this.handler;
    const length = text.length;
    let pos = 0;
    // The next quotation marks, cached: a quoted attribute value may hold '>'.
    let nextDouble = -1;
    let nextSingle = -1;
    scan: while (pos < length && !handler.isDone) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) break;
      if (lt > pos && handler.wantsText) handler.text(decodeEntities(text.slice(pos, lt)));
      pos = lt;
      if (lt + 1 >= length) break;
      const kind = text.charCodeAt(lt + 1);
      if (kind === SLASH) {
        const gt = text.indexOf('>', lt + 2);
        if (gt < 0) break;
        const name = text.slice(lt + 2, gt);
        handler.close(localName(text.charCodeAt(gt - 1) <= 32 ? name.trimEnd() : name));
        pos = gt + 1;
        continue;
      }
      if (kind === BANG) {
        if (text.startsWith('<![CDATA[', lt)) {
          const end = text.indexOf(']]>', lt + 9);
          if (end < 0) break;
          if (handler.wantsText) handler.text(text.slice(lt + 9, end));
          pos = end + 3;
        } else if (text.startsWith('<!--', lt)) {
          const end = text.indexOf('-->', lt + 4);
          if (end < 0) break;
          pos = end + 3;
        } else {
          if (lt + 9 > length) break;
          const end = text.indexOf('>', lt + 2);
          if (end < 0) break;
          pos = end + 1;
        }
        continue;
      }
      if (kind === QUESTION) {
        const end = text.indexOf('?>', lt + 2);
        if (end < 0) break;
        pos = end + 2;
        continue;
      }
      let gt = text.indexOf('>', lt + 1);
      if (gt < 0) break;
      if (nextDouble < lt) nextDouble = indexOrNone(text, '"', lt);
      if (nextSingle < lt) nextSingle = indexOrNone(text, "'", lt);
      for (;;) {
        const isDouble = nextDouble < nextSingle;
        const quote = isDouble ? nextDouble : nextSingle;
        if (quote > gt) break;
        const close = text.indexOf(isDouble ? '"' : "'", quote + 1);
        if (close < 0) break scan;
        if (close > gt) {
          gt = text.indexOf('>', close + 1);
          if (gt < 0) break scan;
        }
        if (isDouble || nextDouble < close) nextDouble = indexOrNone(text, '"', close + 1);
        if (!isDouble || nextSingle < close) nextSingle = indexOrNone(text, "'", close + 1);
      }
      const isSelfClosing = text.charCodeAt(gt - 1) === SLASH;
      const end = isSelfClosing ? gt - 1 : gt;
      let nameEnd = lt + 1;
      while (nameEnd < end && text.charCodeAt(nameEnd) > 32) nameEnd++;
      const name = localName(text.slice(lt + 1, nameEnd));
      const attributes = this.attributes;
      attributes.text = text;
      attributes.start = nameEnd;
      attributes.end = end;
      handler.open(name, attributes, isSelfClosing);
      if (isSelfClosing && !handler.isDone) handler.close(name);
      pos = gt + 1;
    }
    if (handler.isDone) return;
    const rest = text.slice(pos);
    if (final) {
      if (rest.trim() !== '') throw brokenWorkbook();
      return;
    }
    if (rest.length > MAX_PENDING) throw brokenWorkbook();
    if (rest.length > 0) {
      this.pending.push(rest);
      this.pendingLength = rest.length;
    }
  }
}

const NONE = Number.MAX_SAFE_INTEGER;

/** indexOf, with "none" comparable as a position (past every one). */
function indexOrNone(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at < 0 ? NONE : at;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(ENTITY, (_match, entity: string) => {
    if (entity.charCodeAt(0) !== 35) return NAMED[entity]!;
    const code =
      entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/** The attributes of the tag being opened: a window on the scanned text, read by name. */
export class Attributes {
  text = '';
  start = 0;
  end = 0;
  /** The value of one attribute (any namespace prefix matches: 'id' finds r:id), or null. */
  get(name: string): string | null {
    const { text, end } = this;
    let from = this.start;
    for (;;) {
      const at = text.indexOf(name, from);
      if (at < 0 || at >= end) return null;
      from = at + name.length;
      const before = text.charCodeAt(at - 1);
      // The name must stand alone: after whitespace or a prefix's colon, and before '='.
      if (before !== 58 && before > 32) continue;
      let eq = from;
      while (text.charCodeAt(eq) <= 32) eq++;
      if (text.charCodeAt(eq) !== 61) continue;
      let quote = eq + 1;
      while (text.charCodeAt(quote) <= 32) quote++;
      const q = text[quote];
      if (q !== '"' && q !== "'") continue;
      const close = text.indexOf(q, quote + 1);
      if (close < 0 || close >= end) return null;
      return decodeEntities(text.slice(quote + 1, close));
    }
  }
}
