/**
 * What the journeys' server (serve.ts) tells the journeys about itself: the database it made, so a
 * journey can set up state no screen offers yet (see tests/support/database.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerState {
  databaseUrl: string;
}

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

function stateFile(port: number): string {
  return path.join(os.tmpdir(), `resuelve-e2e-server-${port}.json`);
}

export function writeServerState(port: number, state: ServerState): void {
  fs.writeFileSync(stateFile(port), JSON.stringify(state), { mode: 0o600 });
}

export function removeServerState(port: number): void {
  fs.rmSync(stateFile(port), { force: true });
}

export function readServerState(port = e2ePort): ServerState {
  try {
    return JSON.parse(fs.readFileSync(stateFile(port), 'utf8')) as ServerState;
  } catch {
    throw new Error(`No state from e2e/serve.ts for port ${port}: is the journeys' server (not another one) running there?`);
  }
}
