import { useState } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { clientQueries } from '../../entities/client/api.ts';
import { formatPhone, phoneQueries, sendVerificationCode, verifyPhoneCode } from '../../entities/phone/api.ts';
import { PhoneVerification } from '../../entities/phone/phone-verification/phone-verification.tsx';
import type { PhoneVerificationPhase } from '../../entities/phone/phone-verification/phone-verification.tsx';

/**
 * The verified phone number and the way to change it: the shared phone verification, which
 * starts at "verified" and offers another number; the old one stays until the new one is verified.
 */
export function PhoneSection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const { data: status } = useSuspenseQuery({ ...phoneQueries.status(), meta: { silent: true } });
  const [phase, setPhase] = useState<PhoneVerificationPhase | null>(null);
  // The hint follows the verification: no number yet, then "enter the code" once one is sent.
  const hint = status.verified || phase === 'verified' ? null : phase === 'code' ? t('phone.code_sent') : t('phone.none');
  return (
    <div className="settings-phone">
      {hint ? <p className="muted">{hint}</p> : null}
      <PhoneVerification
        send={sendVerificationCode}
        verify={verifyPhoneCode}
        initialStatus={status}
        onPhaseChange={setPhase}
        onVerified={(result) => {
          toast.success(t('phone.saved', { phone: formatPhone(result.phone_number) }));
          void queryClient.invalidateQueries({ queryKey: phoneQueries.status().queryKey });
          void queryClient.invalidateQueries({ queryKey: clientQueries.own().queryKey });
        }}
      />
    </div>
  );
}
