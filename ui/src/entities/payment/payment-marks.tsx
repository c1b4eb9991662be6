/**
 * Small pieces every payment screen shares (the client's pay panel and summary, the receipt, the
 * provider's card, the admin's list): a payment's state as a badge, the "Pagos de demostración"
 * mark of payments made against the development emulator, a payment's line in words, and the
 * seconds left until a payment or a hold runs out. Money is money.ts's `formatMoney`.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import type { BadgeTone } from '../../components/badge.tsx';
import './payments.css';

const statusTone: Record<PaymentStatus, BadgeTone> = {
  open: 'info',
  paid: 'success',
  declined: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
  refused: 'warning',
};

/** "Pagado", "Esperando tu aprobación", …; a payment refunded in full or in part says so. */
export function PaymentStatusBadge({ payment }: { payment: Pick<Payment, 'status' | 'amount_cents' | 'refunded_cents'> }) {
  const { t } = useTranslation('payments-client');
  const refunded = payment.status === 'paid' && payment.refunded_cents > 0;
  if (refunded) {
    const whole = payment.refunded_cents >= payment.amount_cents;
    return <Badge tone="neutral">{t(whole ? 'status.refunded' : 'status.refunded_part')}</Badge>;
  }
  return (
    <Badge tone={statusTone[payment.status]} dot={payment.status === 'open'}>
      {t(`status.${payment.status}`)}
    </Badge>
  );
}

/** Payments against the emulator: no real money moves. Shown wherever such a payment is. */
export function DemoPaymentsMark({ withHint = false }: { withHint?: boolean }) {
  const { t } = useTranslation('payments-client');
  return (
    <span className="demo-payments" data-testid="demo-payments">
      <Badge tone="warning">{t('demo.mark')}</Badge>
      {withHint ? <span className="demo-payments__hint">{t('demo.hint')}</span> : null}
    </span>
  );
}

/**
 * "Depósito pagado con ATH Móvil", "Pagado con efectivo", "Saldo con ATH Móvil (esperando
 * aprobación)"; beside a status badge (`withStatus: false`) an unpaid one leaves its state to it.
 */
export function usePaymentLineText({ withStatus = true }: { withStatus?: boolean } = {}) {
  const { t } = useTranslation('payments-client');
  return (payment: { purpose: PaymentPurpose; method: PaymentMethod; status: PaymentStatus }) => {
    const method = t(`method_in.${payment.method}`);
    if (payment.status === 'paid') return t(`line.paid_${payment.purpose}`, { method });
    if (!withStatus) return t(`line.plain_${payment.purpose}`, { method });
    return t(`line.other_${payment.purpose}`, { method, status: t(`status.${payment.status}`).toLowerCase() });
  };
}

/** Whole seconds left until `iso` (0 once past; null without a time), ticking once a second. */
export function useSecondsUntil(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return null;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}
