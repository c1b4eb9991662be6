// A page the server rendered starts the app's code after its first paint, so the paint waits for no
// script (decision 0038). The entry is named by <meta name="rs-entry">; the CSP allows no inline script.
const entry = document.querySelector('meta[name="rs-entry"]')?.getAttribute('content');
if (entry) requestAnimationFrame(() => setTimeout(() => import(entry)));
