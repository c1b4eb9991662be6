/**
 * XMLHttpRequest replaced for uploads with progress (lib/upload-progress.ts): each request sent is
 * recorded, and answered by `answer` with the progress events a browser would fire first.
 */
import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type UploadAnswer = (sent: SentUpload, index: number) => { status: number; body?: unknown; progress?: number[] };

export function fakeXhr(answer: UploadAnswer): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: SentUpload = { method: '', url: '', headers: {}, body: undefined };
    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: undefined };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.request.body = body;
      const index = sent.push(this.request) - 1;
      const reply = answer(this.request, index);
      queueMicrotask(() => {
        for (const share of reply.progress ?? []) this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 });
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
