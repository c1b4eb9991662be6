import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api-client.ts';
import { uploadWithProgress } from '../src/lib/upload-progress.ts';
import { useSession } from '../src/lib/session-store.ts';
import { fakeXhr } from './fake-xhr.ts';
import { fakeTransport, profile, resetSession, signInResponse, usePlatform } from './helpers.tsx';

const form = () => {
  const body = new FormData();
  body.append('file', new Blob(['x']), 'a.jpg');
  return body;
};

describe('uploads with progress', () => {
  beforeEach(() => {
    resetSession();
    usePlatform();
    useSession.getState().signedIn(signInResponse(profile(), 'token-1'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form with the bearer token under /api/v1, reports progress and answers the body', async () => {
    const sent = fakeXhr(() => ({ status: 201, body: { path: 'p' }, progress: [0.25, 1] }));
    const progress: number[] = [];
    await expect(uploadWithProgress('/uploads/project-image', form(), (share) => progress.push(share))).resolves.toEqual({ path: 'p' });
    expect(progress).toEqual([0.25, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/uploads/project-image', headers: { Authorization: 'Bearer token-1' } });
    expect(sent[0]!.headers['X-Correlation-Id']).toMatch(/.{8,}/);
  });

  it("turns the api's error object into an ApiError with its code", async () => {
    fakeXhr(() => ({ status: 415, body: { error: 'Only PNG and JPEG', status: 415, code: 'file_type_not_supported' } }));
    const error = (await uploadWithProgress('/uploads/project-image', form(), () => undefined).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.path]).toEqual([415, 'file_type_not_supported', '/uploads/project-image']);
  });

  it('on a 401 refreshes the session once and sends again with the new token', async () => {
    usePlatform(fakeTransport({ refresh: vi.fn(async () => signInResponse(profile(), 'token-2')) }));
    const sent = fakeXhr((_request, index) => (index === 0 ? { status: 401, body: { error: 'expired', status: 401, code: 'token_expired' } } : { status: 201, body: { path: 'p' } }));
    await expect(uploadWithProgress('/uploads/project-image', form(), () => undefined)).resolves.toEqual({ path: 'p' });
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });
});
