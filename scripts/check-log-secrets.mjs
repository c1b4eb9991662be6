// Issue 29, acceptance 3: no private token in any log line of a whole run. Reads every file the
// journeys' servers wrote (E2E_SERVER_LOG_DIR, journey-server.ts) and fails on any ATH Business
// private token the run could have used (the emulator's demo businesses, which the payments journey
// connects with). It also fails when the logs do not show the payments journey connecting an
// account: a check that read nothing would prove nothing.
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error(`check-log-secrets: no log folder ${dir ?? '(none given)'}`);
  process.exit(1);
}
const { demoBusinesses } = await tsImport('../api/src/emulators/athmovil/state.ts', import.meta.url);
const secrets = demoBusinesses.map((business) => business.privateToken);
const files = fs.readdirSync(dir).filter((name) => name.endsWith('.log'));
let lines = 0;
let connects = 0;
const found = [];
for (const name of files) {
  const text = fs.readFileSync(path.join(dir, name), 'utf8');
  for (const line of text.split('\n')) {
    if (!line) continue;
    lines += 1;
    if (line.includes('/api/v1/providers/me/payment-account')) connects += 1;
    for (const secret of secrets) if (line.includes(secret)) found.push(`${name}: ${line.slice(0, 200).replaceAll(secret, '<private token>')}`);
  }
}
console.log(`check-log-secrets: ${files.length} server logs, ${lines} lines, ${connects} of them on the payment account, ${secrets.length} private tokens looked for`);
if (found.length) {
  console.error(`A private token is in ${found.length} log line(s):\n${found.slice(0, 10).join('\n')}`);
  process.exit(1);
}
if (connects === 0) {
  console.error('No log line shows a payment account being connected: the payments journey did not run, or its server logged nothing.');
  process.exit(1);
}
