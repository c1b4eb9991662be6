/**
 * A provider's cancellation policy in words (issue 28, contract cancellation.ts), one short line as
 * the profile, the booking summary and the cancel dialog show it: "Cancelación gratis hasta 24
 * horas antes; después, cargo de $25." and, when the provider asks for notice, the notice for
 * another time. The words live in providers.json's `cancellation`.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney, toLocale } from '@resuelve/contract';
import type { CancellationPolicy, Locale } from '@resuelve/contract';
import type { TFunction } from 'i18next';

/** The policy's sentences: when cancelling is free and the fee after, then the notice (if any). */
export function policySentences(policy: CancellationPolicy, t: TFunction, locale: Locale): string[] {
  const fee =
    policy.free_hours === null || policy.fee_kind === null || policy.fee_value === null
      ? t('cancellation.always_free')
      : policy.fee_kind === 'fixed'
        ? t('cancellation.free_then_fixed', { hours: policy.free_hours, fee: formatMoney(policy.fee_value, locale) })
        : t('cancellation.free_then_percent', { hours: policy.free_hours, percent: policy.fee_value });
  return policy.reschedule_notice_hours > 0 ? [fee, t('cancellation.notice', { hours: policy.reschedule_notice_hours })] : [fee];
}

/** The policy as one paragraph (providers namespace). */
export function CancellationPolicyLine({ policy, className }: { policy: CancellationPolicy; className?: string }) {
  const { t, i18n } = useTranslation('providers');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <p className={className} data-cancellation-policy>
      {policySentences(policy, t, locale).join(' ')}
    </p>
  );
}
