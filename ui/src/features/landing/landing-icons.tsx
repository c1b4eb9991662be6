/** Line icons of the landing page (service groups and claims); decorative, their headings name them. */
const paths = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  events: 'M4 20 9 6l9 9-14 5zM14 4l1 2M19 9l2-1M17 3l-1 3 3-1M7.5 10.5l6 6',
  personalCare: 'M6 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0 10a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8.5 8.5 20 19M8.5 15.5 20 5',
  pets: 'M12 13c-3 0-5.5 3-5.5 5 0 1.5 1.2 2 2.5 2 1.2 0 2-.6 3-.6s1.8.6 3 .6c1.3 0 2.5-.5 2.5-2 0-2-2.5-5-5.5-5zM5 9.5a2 2.5 0 1 0 0 .1M19 9.5a2 2.5 0 1 0 0 .1M9 5a2 2.5 0 1 0 0 .1M15 5a2 2.5 0 1 0 0 .1',
  local: 'M12 21s7-6.1 7-11.5A7 7 0 0 0 5 9.5C5 14.9 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  allTrades: 'M14.7 6.3a4 4 0 0 0 5 5L21 13l-8 8-3-3 8-8-1.3-1.3a4 4 0 0 0-5-5L14 2.2zM3 21l6-6',
  booking: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 21h4',
  portfolio: 'M4 5h16v14H4zM4 15l5-5 4 4 3-3 4 4M15.5 8.5h.01',
  verified: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6zM8.5 12l2.5 2.5 4.5-5',
  chat: 'M4 5h12v9H8l-4 4zM16 9h4v9l-3-3h-5v-1',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M8 14h3v3H8z',
  loyalty: 'M4 10h16v4H4zM5 14h14v7H5zM12 10v11M12 10c-2-4-6-4-6-1.5S12 10 12 10zm0 0c2-4 6-4 6-1.5S12 10 12 10z',
} as const;

export type LandingIconName = keyof typeof paths;

export function LandingIcon({ name, size = 24 }: { name: LandingIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
