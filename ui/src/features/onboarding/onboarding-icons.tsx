export type OnboardingIconName = 'client' | 'provider' | 'camera';

const paths: Record<OnboardingIconName, string> = {
  client: 'M3 11.5 12 4l9 7.5M5 10v10h5v-5h4v5h5V10',
  provider: 'M3 9h18v10H3zM8 9V6a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3M3 13h18M10 12v3h4v-3',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
};

/** Line icons of the onboarding choices; decorative, the text beside them says what they mean. */
export function OnboardingIcon({ name, size = 32 }: { name: OnboardingIconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
