import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, which direct uploads to presigned URLs use for their progress
 * (lib/upload/put-with-progress.ts). By default each request reports half its body, then answers
 * 200 on the next tick; with `FakeXhr.isManual` the test answers each one itself.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static isManual = false;

  /** Installs it as the global XMLHttpRequest with nothing sent yet; `isManual` as given. */
  static install({ isManual = false }: { isManual?: boolean } = {}) {
    FakeXhr.sent = [];
    FakeXhr.isManual = isManual;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  isDone = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
    if (!FakeXhr.isManual) {
      setTimeout(() => {
        this.progress(0.5);
        this.respond(200);
      }, 0);
    }
  }
  abort() {
    if (this.isDone) return;
    this.isDone = true;
    this.onabort?.();
  }
  /** Reports `fraction` of the body sent. */
  progress(fraction: number) {
    const total = this.body?.size ?? 1;
    this.upload.onprogress?.({ lengthComputable: true, loaded: Math.round(total * fraction), total });
  }
  respond(status: number, responseText = '') {
    if (this.isDone) return;
    this.isDone = true;
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }
  /** No answer at all: the connection dropped. */
  failNetwork() {
    if (this.isDone) return;
    this.isDone = true;
    this.onerror?.();
  }
}
