import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { connectionState, followReach, isNetworkFailure, noteApiAnswered, noteApiUnreachable, reachSettings } from './connection.ts';

const originalProbe = reachSettings.probe;
let stop: () => void;
let answers: boolean[];

beforeEach(() => {
  answers = [];
  reachSettings.probeEveryMs = 5;
  reachSettings.probe = () => Promise.resolve(answers.shift() ?? false);
  stop = followReach();
});

afterEach(() => {
  stop();
  reachSettings.probe = originalProbe;
  onlineManager.setOnline(true);
});

describe('the connection state', () => {
  it('follows the device going offline and back, and pauses the query client with it', () => {
    window.dispatchEvent(new Event('offline'));
    expect(connectionState()).toBe('offline');
    expect(onlineManager.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(connectionState()).toBe('online');
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('calls the api unreachable only once its health address does not answer either, and online again when it does', async () => {
    answers = [true];
    noteApiUnreachable();
    await vi.waitFor(() => expect(answers).toEqual([]));
    expect(connectionState()).toBe('online');

    answers = [false, false, true];
    reachSettings.probeEveryMs = 150;
    noteApiUnreachable();
    await vi.waitFor(() => expect(connectionState()).toBe('unreachable'));
    expect(onlineManager.isOnline()).toBe(false);
    await vi.waitFor(() => expect(connectionState()).toBe('online'));
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('is online again as soon as any request is answered', async () => {
    noteApiUnreachable();
    await vi.waitFor(() => expect(connectionState()).toBe('unreachable'));
    noteApiAnswered();
    expect(connectionState()).toBe('online');
  });

  it('tells network failures (no answer, a screen’s code not fetched) from bugs', () => {
    expect(isNetworkFailure(new ApiError('offline', 0, 'network_error'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch dynamically imported module: /assets/messages-page-1a2b.js'))).toBe(true);
    expect(isNetworkFailure(new ApiError('nope', 404, 'not_found'))).toBe(false);
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
