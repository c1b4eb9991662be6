/**
 * Every line icon of the ui, by what it depicts (24×24, stroked with the text colour). Menus use the
 * first seven; the landing page and onboarding pick theirs by name.
 */
const paths = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm9.5 16.5-4.5-4.5',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  messages: 'M4 5h16v11H8l-4 4z',
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  portfolio: 'M4 6h16v13H4zM4 15l5-5 4 4 3-3 4 4M9 3h6',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  partyPopper: 'M4 20 9 6l9 9-14 5zM14 4l1 2M19 9l2-1M17 3l-1 3 3-1M7.5 10.5l6 6',
  scissors: 'M6 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0 10a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8.5 8.5 20 19M8.5 15.5 20 5',
  paw: 'M12 13c-3 0-5.5 3-5.5 5 0 1.5 1.2 2 2.5 2 1.2 0 2-.6 3-.6s1.8.6 3 .6c1.3 0 2.5-.5 2.5-2 0-2-2.5-5-5.5-5zM5 9.5a2 2.5 0 1 0 0 .1M19 9.5a2 2.5 0 1 0 0 .1M9 5a2 2.5 0 1 0 0 .1M15 5a2 2.5 0 1 0 0 .1',
  mapPin: 'M12 21s7-6.1 7-11.5A7 7 0 0 0 5 9.5C5 14.9 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  wrench: 'M14.7 6.3a4 4 0 0 0 5 5L21 13l-8 8-3-3 8-8-1.3-1.3a4 4 0 0 0-5-5L14 2.2zM3 21l6-6',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 21h4',
  photo: 'M4 5h16v14H4zM4 15l5-5 4 4 3-3 4 4M15.5 8.5h.01',
  shieldCheck: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6zM8.5 12l2.5 2.5 4.5-5',
  chat: 'M4 5h12v9H8l-4 4zM16 9h4v9l-3-3h-5v-1',
  calendarDate: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M8 14h3v3H8z',
  gift: 'M4 10h16v4H4zM5 14h14v7H5zM12 10v11M12 10c-2-4-6-4-6-1.5S12 10 12 10zm0 0c2-4 6-4 6-1.5S12 10 12 10z',
  house: 'M3 11.5 12 4l9 7.5M5 10v10h5v-5h4v5h5V10',
  briefcase: 'M3 9h18v10H3zM8 9V6a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3M3 13h18M10 12v3h4v-3',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  paperclip: 'M20 11.5 12.2 19.3a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  arrowLeft: 'M19 12H5M11 6l-6 6 6 6',
  send: 'M4 12 20 4l-6 16-3-7zM11 13l9-9',
  wifiOff: 'M3 3l18 18M2 8.5a15 15 0 0 1 5-3M10.5 4.6A15 15 0 0 1 22 8.5M5 12a10 10 0 0 1 4-2.4M15 10a10 10 0 0 1 4 2M8.5 15.5a5 5 0 0 1 7 0M12 19.5h.01',
  cloudCheck: 'M7 18a4.5 4.5 0 0 1-.5-9A6 6 0 0 1 18 9.5a4 4 0 0 1-1 8.5zM9 13l2 2 4-4',
} as const;

export type IconName = keyof typeof paths;

/** A line icon; decorative, the text beside it names what it means. */
export function Icon({ name, size = 22, strokeWidth }: { name: IconName; size?: number; strokeWidth?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth ?? (name === 'more' ? 3.5 : 1.8)}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** The brand mark: a teal tile with a coral check. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
      <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="var(--color-accent)" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
