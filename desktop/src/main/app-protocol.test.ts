import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppAssetPath } from './app-protocol.ts';

const root = '/opt/resuelve/out/renderer';

describe('resolveAppAssetPath', () => {
  it('maps the root to index.html and paths to files under the renderer folder', () => {
    expect(resolveAppAssetPath(root, 'app://console/')).toBe(join(root, 'index.html'));
    expect(resolveAppAssetPath(root, 'app://console/index.html#/provider/home')).toBe(join(root, 'index.html'));
    expect(resolveAppAssetPath(root, 'app://console/locales/es/common.json')).toBe(join(root, 'locales/es/common.json'));
  });

  it('refuses paths that climb out of the folder, even encoded', () => {
    for (const url of [
      'app://console/../../etc/passwd',
      'app://console/%2e%2e/%2e%2e/etc/passwd',
      'app://console/assets/..%2F..%2F..%2Fetc%2Fpasswd',
      'app://console/%00index.html',
      'app://console/%E0%A4%A',
    ]) {
      const file = resolveAppAssetPath(root, url);
      if (file !== null) expect(file.startsWith(`${root}/`)).toBe(true);
    }
    expect(resolveAppAssetPath(root, 'app://console/assets/..%2F..%2F..%2Fetc%2Fpasswd')).toBeNull();
  });

  it('refuses other hosts and schemes', () => {
    expect(resolveAppAssetPath(root, 'app://evil/index.html')).toBeNull();
    expect(resolveAppAssetPath(root, 'file:///opt/resuelve/out/renderer/index.html')).toBeNull();
  });
});

describe('createAppProtocolHandler', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'resuelve-renderer-'));
    await mkdir(join(folder, 'assets'));
    await writeFile(join(folder, 'index.html'), '<!doctype html><title>Resuelve Pro</title>');
    await writeFile(join(folder, 'assets', 'main.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('serves files with their type and the CSP', async () => {
    const handler = createAppProtocolHandler({ rendererRoot: folder, contentSecurityPolicy: "default-src 'none'" });
    const page = await handler(new Request('app://console/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(await page.text()).toContain('Resuelve Pro');
    const script = await handler(new Request('app://console/assets/main.js'));
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for missing files and refused paths', async () => {
    const handler = createAppProtocolHandler({ rendererRoot: folder, contentSecurityPolicy: '' });
    expect((await handler(new Request('app://console/missing.js'))).status).toBe(404);
    expect((await handler(new Request('app://console/assets/..%2F..%2Fsecret'))).status).toBe(404);
  });
});
