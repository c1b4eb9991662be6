/**
 * Decision records are frozen once accepted (docs/decisions/README.md, decision 0047): a change of
 * mind is a new record that supersedes, and measurements live in bench/README.md. Each accepted
 * record's text is fingerprinted in docs/decisions/accepted.sha256; editing one fails here.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));
const fingerprints = new Map(
  readFileSync(join(folder, 'accepted.sha256'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [hash = '', name = ''] = line.split(/\s+/);
      return [name, hash] as const;
    }),
);

const sha256 = (name: string) => createHash('sha256').update(readFileSync(join(folder, name))).digest('hex');

describe('decision records', () => {
  it('are each fingerprinted unless still proposed (add `sha256sum NNNN-….md` to accepted.sha256)', () => {
    const accepted = records.filter((name) => !/^Status: proposed/m.test(readFileSync(join(folder, name), 'utf8')));
    expect(accepted.length).toBeGreaterThan(40);
    expect(accepted.filter((name) => !fingerprints.has(name))).toEqual([]);
  });

  it('are not edited after acceptance: a change is a new record that supersedes', () => {
    const edited = [...fingerprints].filter(([name, hash]) => !records.includes(name) || sha256(name) !== hash).map(([name]) => name);
    expect(edited).toEqual([]);
  });

  it('are each listed in the README', () => {
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    expect(records.filter((name) => !readme.includes(`(${name})`))).toEqual([]);
  });
});
