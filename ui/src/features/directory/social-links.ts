/**
 * A provider's social media as typed in onboarding or the profile's edit tab ("@handle",
 * "instagram.com/handle", a full link, a phone for WhatsApp), turned into a link to open and a
 * short name to show. Only http and https links are made: anything else stays plain text.
 */
import type { SocialNetwork } from '@resuelve/contract';

export interface SocialLink {
  href: string;
  /** "@taller.rivera", "taller-rivera", "+1 787 555 0123". */
  label: string;
}

const profileUrl: Record<SocialNetwork, (handle: string) => string> = {
  facebook: (h) => `https://www.facebook.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  linkedin: (h) => `https://www.linkedin.com/company/${h}`,
  x: (h) => `https://x.com/${h}`,
  whatsapp: (h) => `https://wa.me/${h}`,
};

/** Networks whose names people write with an "@". */
const atHandles = new Set<SocialNetwork>(['instagram', 'tiktok', 'x', 'youtube']);

const handlePattern = /^[\p{L}\p{N}._-]{1,100}$/u;

/** http(s) only; a link with another scheme (javascript:, data:…) is no link. */
export function safeHttpUrl(text: string): URL | null {
  const value = text.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : /^(www\.)?[\w-]+(\.[\w-]+)+(\/|$)/i.test(value) ? `https://${value}` : null;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function whatsappLink(value: string): SocialLink | null {
  const digits = value.replace(/\D/g, '');
  // A Puerto Rico number typed without the country code.
  const international = digits.length === 10 ? `1${digits}` : digits;
  if (international.length < 8 || international.length > 15) return null;
  const label = international.length === 11 && international.startsWith('1')
    ? `+1 ${international.slice(1, 4)} ${international.slice(4, 7)} ${international.slice(7)}`
    : `+${international}`;
  return { href: profileUrl.whatsapp(international), label };
}

/** The name shown for a link: the handle when the path has one, else the address without its scheme. */
function labelOf(network: SocialNetwork, url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (last && segments.length <= 2 && network !== 'whatsapp') {
    const handle = decodeURIComponent(last).replace(/^@/, '');
    return atHandles.has(network) ? `@${handle}` : handle;
  }
  return `${url.host}${url.pathname}`.replace(/\/$/, '');
}

export function socialLink(network: SocialNetwork, value: string): SocialLink | null {
  const text = value.trim();
  if (!text) return null;
  const url = safeHttpUrl(text);
  if (url) return { href: url.href, label: labelOf(network, url) };
  if (/^[a-z][a-z\d+.-]*:/i.test(text)) return null;
  if (network === 'whatsapp') return whatsappLink(text);
  const handle = text.replace(/^@/, '');
  if (!handlePattern.test(handle)) return null;
  return { href: profileUrl[network](encodeURIComponent(handle)), label: atHandles.has(network) ? `@${handle}` : handle };
}
