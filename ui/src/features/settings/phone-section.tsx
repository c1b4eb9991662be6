import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PhoneVerification } from '../../components/phone-verification/phone-verification.tsx';
import { fetchPhoneStatus, formatPhone, phoneStatusKey, sendVerificationCode, verifyPhoneCode } from '../../lib/phone.ts';
import { settingsKeys } from './api.ts';

/**
 * The verified phone number and the way to change it: the shared phone verification, which
 * starts at "verified" and offers another number; the old one stays until the new one is verified.
 */
export function PhoneSection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const { data: status } = useSuspenseQuery({
    queryKey: phoneStatusKey,
    queryFn: ({ signal }) => fetchPhoneStatus(signal),
    meta: { silent: true },
  });
  return (
    <div className="settings-phone">
      {!status.verified ? <p className="muted">{t('phone.none')}</p> : null}
      <PhoneVerification
        send={sendVerificationCode}
        verify={verifyPhoneCode}
        initialStatus={status}
        onVerified={(result) => {
          toast.success(t('phone.saved', { phone: formatPhone(result.phone_number) }));
          void queryClient.invalidateQueries({ queryKey: phoneStatusKey });
          void queryClient.invalidateQueries({ queryKey: settingsKeys.client });
        }}
      />
    </div>
  );
}
