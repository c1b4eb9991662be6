// A page the server rendered starts the app's code once it has loaded and painted, so neither its
// first nor its largest paint waits for a script (decisions 0038, 0040); its links and forms work
// meanwhile. The chunks the page needs are named by <meta name="rs-modules">, each after those it
// imports, and evaluated one per task, so no one long task holds the page; the entry
// (<meta name="rs-entry">) comes last and hydrates. The CSP allows no inline script, hence this file.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
const entry = meta('rs-entry');
const modules = meta('rs-modules').split(' ').filter(Boolean);
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function start() {
  // After the page's own files (its images, the text font) and the paint that shows them.
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  await document.fonts?.ready;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask();
  // All asked for at once (the network in parallel), but one per task: asking for a chunk costs the
  // main thread one to a few milliseconds, and thirty at once made one task of 20–45 ms (×4 on a phone).
  for (const href of [...modules, entry]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
  for (const href of modules) {
    await import(href);
    await nextTask();
  }
  await import(entry);
}

if (entry) void start();
