export type IconName = 'home' | 'search' | 'calendar' | 'messages' | 'dashboard' | 'portfolio' | 'more';

const paths: Record<IconName, string> = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm9.5 16.5-4.5-4.5',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  messages: 'M4 5h16v11H8l-4 4z',
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  portfolio: 'M4 6h16v13H4zM4 15l5-5 4 4 3-3 4 4M9 3h6',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

/** Line icons for the menus; decorative, the label beside them names the link. */
export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3.5 : 1.8}
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
