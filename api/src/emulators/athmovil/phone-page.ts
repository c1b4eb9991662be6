/**
 * The emulator's pages, rendered on the server (no build step): the index (`/`, the demo
 * businesses and their tokens) and the phone (`/phone?number=…&lang=es|en`), where a developer
 * plays the client: the payments waiting for that number and the buttons the ATH Móvil app would
 * have. Forms post to the control routes, which redirect back here; the list updates itself every
 * 2 s (and without script, the Refresh link does it). Strings: locales/<lang>/athmovil-emulator.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { centsToDollars } from '../../lib/payments/athmovil.ts';
import type { EmulatedPayment, EmulatorState } from './state.ts';

export type Lang = 'es' | 'en';
type Strings = Record<string, unknown>;

const defaultLocalesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../locales');

/** Both languages' strings, read once. */
export function loadStrings(localesDir = defaultLocalesDir): Record<Lang, Strings> {
  const read = (lang: Lang) => JSON.parse(fs.readFileSync(path.join(localesDir, lang, 'athmovil-emulator.json'), 'utf8')) as Strings;
  return { es: read('es'), en: read('en') };
}

export function langOf(value: unknown): Lang {
  return value === 'en' ? 'en' : 'es';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `t('done.approved', { x })` over one language's strings, escaped for HTML. */
function translator(strings: Strings) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: unknown = strings;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : key;
    return escapeHtml(text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')));
  };
}

/** $1,500.00 in both languages (Puerto Rico writes dollars the same way in Spanish). */
function money(cents: number): string {
  const [whole = '0', fraction = '00'] = centsToDollars(cents).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

function time(date: Date, lang: Lang): string {
  return date.toLocaleTimeString(lang === 'es' ? 'es-PR' : 'en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'America/Puerto_Rico' });
}

const styles = `
*{box-sizing:border-box}
body{margin:0;background:#e9ecef;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330}
.phone{max-width:390px;min-height:100vh;margin:0 auto;background:#fff;display:flex;flex-direction:column}
@media (min-width:480px){.phone{margin:24px auto;min-height:0;border:10px solid #1d2330;border-radius:36px;overflow:hidden}}
header{background:#b8470b;color:#fff;padding:16px}
header h1{margin:0;font-size:1.15rem}
header p{margin:4px 0 0;font-size:.9rem}
main{padding:16px;flex:1}
.banner{background:#fff4d6;border:1px solid #e0b000;border-radius:8px;padding:8px 12px;font-weight:600;margin:0 0 12px}
.done{background:#e6f4ea;border:1px solid #2e7d32;border-radius:8px;padding:8px 12px;margin:0 0 12px}
h2{font-size:1rem;margin:16px 0 8px}
.card{border:1px solid #ccd2da;border-radius:12px;padding:12px;margin:0 0 12px}
.card h3{margin:0 0 4px;font-size:1rem}
.card ul{margin:4px 0;padding-left:20px}
.total{display:flex;justify-content:space-between;font-weight:700;font-size:1.1rem;margin:8px 0}
.muted{color:#5b6472;font-size:.875rem}
.actions{display:grid;gap:8px;margin-top:8px}
button,.button{font:inherit;min-height:44px;border-radius:8px;border:1px solid #1d2330;background:#fff;color:#1d2330;padding:8px 12px;cursor:pointer;width:100%;text-align:center;text-decoration:none;display:inline-block}
button.primary{background:#b8470b;border-color:#8a3508;color:#fff;font-weight:700}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
nav{display:flex;gap:12px;justify-content:space-between;padding:12px 16px;border-top:1px solid #ccd2da}
a{color:#0b57d0}
table{border-collapse:collapse;width:100%;font-size:.875rem}
td,th{border:1px solid #ccd2da;padding:6px;text-align:left;vertical-align:top}
code{word-break:break-all}
`;

function layout(lang: Lang, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${styles}</style>
</head>
<body>
${body}
${script}
</body>
</html>`;
}

function paymentCard(payment: EmulatedPayment, number: string, lang: Lang, t: ReturnType<typeof translator>): string {
  const form = (action: string, label: string, primary = false) => `
      <form method="post" action="/emulator/payments/${encodeURIComponent(payment.ecommerceId)}/${action}">
        <input type="hidden" name="number" value="${escapeHtml(number)}">
        <input type="hidden" name="lang" value="${lang}">
        <button type="submit"${primary ? ' class="primary"' : ''}>${label}</button>
      </form>`;
  const items = payment.items.length
    ? `<ul>${payment.items.map((item) => `<li>${t('item_line', { quantity: item.quantity, name: item.name })}: ${money(item.priceCents)}${item.description ? ` <span class="muted">${escapeHtml(item.description)}</span>` : ''}</li>`).join('')}</ul>`
    : '';
  const open = payment.status === 'OPEN';
  return `
    <article class="card" aria-labelledby="p-${payment.ecommerceId}">
      <h3 id="p-${payment.ecommerceId}">${escapeHtml(payment.business.name)}</h3>
      ${items}
      <p class="total"><span>${t('total')}</span><span>${money(payment.totalCents)}</span></p>
      <p class="muted">${open ? t('expires', { time: time(payment.expiresAt, lang) }) : t(`status.${payment.status}`)}</p>
      ${
        open
          ? `<div class="actions">${form('approve', t('pay'), true)}${form('approve-declined', t('pay_declined'))}${form('cancel', t('cancel'))}${form('expire', t('let_expire'))}</div>`
          : ''
      }
    </article>`;
}

/** The part of the phone page that updates itself: waiting payments, then the last few others. */
export function renderPhoneList(state: EmulatorState, number: string, lang: Lang, strings: Strings): string {
  const t = translator(strings);
  const all = state.forPhone(number, true);
  const waiting = all.filter((p) => p.status === 'OPEN');
  const recent = all.filter((p) => p.status !== 'OPEN').slice(0, 5);
  return `
    <h2>${t('waiting')}</h2>
    ${waiting.length ? waiting.map((p) => paymentCard(p, number, lang, t)).join('') : `<p>${t('none')}</p>`}
    ${recent.length ? `<h2>${t('recent')}</h2>${recent.map((p) => paymentCard(p, number, lang, t)).join('')}` : ''}`;
}

export function renderPhonePage(state: EmulatorState, number: string, lang: Lang, strings: Strings, done: string | null): string {
  const t = translator(strings);
  const other: Lang = lang === 'es' ? 'en' : 'es';
  const query = (l: Lang) => `/phone?number=${encodeURIComponent(number)}&lang=${l}`;
  const doneKey = done && ['approved', 'approved_declined', 'cancelled', 'expired', 'not_open'].includes(done) ? done : null;
  const body = `
<div class="phone">
  <header>
    <h1>${t('title')}</h1>
    <p>${t('phone_title', { number: escapeHtml(number) })}</p>
  </header>
  <main>
    <p class="banner" role="note">${t('no_money')}</p>
    ${doneKey ? `<p class="done" role="status">${t(`done.${doneKey}`)}</p>` : ''}
    <div id="list" aria-live="polite">${renderPhoneList(state, number, lang, strings)}</div>
  </main>
  <nav>
    <a href="${escapeHtml(query(lang))}">${t('refresh')}</a>
    <a href="${escapeHtml(query(other))}" lang="${other}">${t('language')}</a>
  </nav>
</div>`;
  // Every 2 s the list is asked again and swapped in when it changed, unless a button in it has
  // the keyboard's focus (the swap would take it away).
  const script = `<script>
(function(){
  var list = document.getElementById('list');
  var url = ${JSON.stringify(`/phone/list?number=${encodeURIComponent(number)}&lang=${lang}`)};
  setInterval(function(){
    if (list.contains(document.activeElement) && document.activeElement !== document.body) return;
    fetch(url, {cache: 'no-store'}).then(function(r){ return r.ok ? r.text() : null; }).then(function(html){
      if (html !== null && html !== list.innerHTML) list.innerHTML = html;
    }).catch(function(){});
  }, 2000);
})();
</script>`;
  return layout(lang, `${t('title')}: ${escapeHtml(number)}`, body, script);
}

export function renderIndexPage(state: EmulatorState, lang: Lang, strings: Strings): string {
  const t = translator(strings);
  const other: Lang = lang === 'es' ? 'en' : 'es';
  const rows = state.businesses
    .map((b) => `<tr><td>${escapeHtml(b.name)}</td><td><code>${escapeHtml(b.publicToken)}</code></td><td><code>${escapeHtml(b.privateToken)}</code></td></tr>`)
    .join('');
  const body = `
<div class="phone" style="max-width:760px">
  <header><h1>${t('title')}</h1><p>${t('no_money')}</p></header>
  <main>
    <p>${t('index.intro')}</p>
    <h2>${t('index.businesses')}</h2>
    <p>${t('index.paste')}</p>
    <table>
      <thead><tr><th scope="col">${t('index.business')}</th><th scope="col">${t('index.public_token')}</th><th scope="col">${t('index.private_token')}</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <h2>${t('index.phone_link')}</h2>
    <form method="get" action="/phone">
      <input type="hidden" name="lang" value="${lang}">
      <label for="number">${t('index.phone_label')}</label>
      <input id="number" name="number" inputmode="numeric" pattern="[0-9]{10}" value="7875550101" style="font:inherit;min-height:44px;width:100%;margin:4px 0 8px;padding:6px">
      <button type="submit" class="primary">${t('index.open')}</button>
    </form>
  </main>
  <nav><a href="/?lang=${other}" lang="${other}">${t('language')}</a></nav>
</div>`;
  return layout(lang, t('title'), body);
}
