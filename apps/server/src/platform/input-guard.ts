import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './errors.ts';
import type { App } from './http.ts';

/**
 * The one boundary rule for text (decision 0013): no request may carry a C0 control character
 * other than tab, line feed and carriage return, nor DEL (U+007F), in any string of its parsed
 * JSON or form body (values and keys), its query or its path parameters. PostgreSQL cannot store
 * U+0000 at all, and the others are never typed by a person: they only break exports, PDFs and
 * logs. Such a request answers 400 `validation_failed` naming the field, before any handler (so
 * before any SQL). Bodies that are not parsed into values (uploads, raw bytes) are not looked at.
 *
 * Bodies nested deeper than MAX_DEPTH are refused the same way: no form of the app nests that deep,
 * and validators and the database would otherwise recurse through whatever arrives.
 */
export const MAX_DEPTH = 32;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

export const controlCharacterMessage = (field: string, char: string) =>
  `${field ? `${field}: ` : ''}contains a control character (${codePoint(char)}), which is not allowed`;

export const tooDeepMessage = `The request is nested too deeply (more than ${MAX_DEPTH} levels)`;

/** The first refused character of a value, with the field path it sits at; or a depth refusal. */
export function findRefusal(value: unknown, root = ''): string | null {
  // Iterative, so a hostile nesting cannot exhaust the stack here.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const found = CONTROL.exec(item.value);
      if (found) return controlCharacterMessage(item.path, found[0]);
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (Buffer.isBuffer(item.value) || ArrayBuffer.isView(item.value)) continue;
    if (item.depth >= MAX_DEPTH) return tooDeepMessage;
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [String(i), v] as const)
      : Object.entries(item.value as Record<string, unknown>);
    // Pushed in reverse so the first field is looked at first (the message names it).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const path = item.path ? `${item.path}.${key}` : key;
      const inKey = CONTROL.exec(key);
      if (inKey) return controlCharacterMessage(item.path, inKey[0]);
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

async function guard(req: FastifyRequest) {
  const refusal = findRefusal(req.params) ?? findRefusal(req.query) ?? findRefusal(req.body);
  if (refusal) throw new AppError('validation_failed', refusal);
}

/**
 * Adds the guard as the last preValidation hook of every route registered after this call: after
 * the session check (401 first) and after a route's own ownership check (another label's ids
 * answer 404 whatever the body), before schema validation and the handler.
 */
export function registerInputGuard(app: App) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.preValidation;
    route.preValidation = [...(own ? [own].flat() : []), guard];
  });
}
