import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentLimits } from '@resuelve/contract';
import type { PaymentAccount, PaymentAccountTest } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import {
  connectPaymentAccount,
  disconnectPaymentAccount,
  paymentAccountKeys,
  paymentAccountQueries,
  testPaymentAccount,
} from '../../entities/payment-account/api.ts';
import { useDateFormat } from '../../lib/date-format.ts';
import { useChange } from '../../lib/use-change.ts';
import './payments.css';

/** After any change of the account: the account, and the deposit rules it enables, read again. */
function refreshAccount(queryClient: QueryClient, answer?: PaymentAccount | PaymentAccountTest | void): void {
  if (answer && 'connected' in answer) queryClient.setQueryData(paymentAccountQueries.account().queryKey, answer);
  void queryClient.invalidateQueries({ queryKey: paymentAccountKeys.all });
}

/** "Demo payments": the account is the development emulator's, no real money moves. */
export function DemoPaymentsBadge() {
  const { t } = useTranslation('payments');
  return (
    <Badge tone="warning" className="payments-demo" title={t('demo.hint')}>
      {t('demo.badge')}
    </Badge>
  );
}

/**
 * Settings → "Cobros con ATH Móvil" (issue 29): the provider connects their own ATH Business
 * account with its two tokens, so clients pay them straight (the product never holds the money).
 * Once connected only the public token's last four characters come back; the private one is never
 * shown again, not even here.
 */
export function PaymentsAccountSection() {
  const { data } = useSuspenseQuery({ ...paymentAccountQueries.account(), meta: { silent: true } });
  return data.connected ? <ConnectedAccount account={data} /> : <ConnectForm demo={data.demo} />;
}

type TokenProblem = 'required' | 'too_short' | 'too_long' | 'spaces';

function tokenProblem(token: string): TokenProblem | null {
  if (!token) return 'required';
  if (/\s/.test(token)) return 'spaces';
  if (token.length < paymentLimits.tokenMinLength) return 'too_short';
  if (token.length > paymentLimits.tokenMaxLength) return 'too_long';
  return null;
}

function ConnectForm({ demo }: { demo: boolean }) {
  const { t } = useTranslation('payments');
  const [publicToken, setPublicToken] = useState('');
  const [privateToken, setPrivateToken] = useState('');
  const [problems, setProblems] = useState<{ public: TokenProblem | null; private: TokenProblem | null }>({ public: null, private: null });
  const connect = useChange(connectPaymentAccount, refreshAccount);
  useUnsavedChanges(publicToken !== '' || privateToken !== '');
  const words = (problem: TokenProblem | null) =>
    problem ? t(`account.token_problems.${problem}`, { min: paymentLimits.tokenMinLength, max: paymentLimits.tokenMaxLength }) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const tokens = { public_token: publicToken.trim(), private_token: privateToken.trim() };
    const found = { public: tokenProblem(tokens.public_token), private: tokenProblem(tokens.private_token) };
    setProblems(found);
    if (found.public || found.private) return;
    if (await connect.run(tokens, t('account.connected_done'))) {
      setPublicToken('');
      setPrivateToken('');
    }
  }

  return (
    <form className="settings-form settings-form--narrow payments-account" onSubmit={(event) => void submit(event)} noValidate>
      {demo ? (
        <p>
          <DemoPaymentsBadge />
        </p>
      ) : null}
      <p>{t('account.intro')}</p>
      <p className="muted">{t('account.where')}</p>
      <FormField label={t('account.public_token')} hint={t('account.public_hint')} error={words(problems.public)}>
        {(ids) => (
          <input
            {...ids}
            className="input"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={paymentLimits.tokenMaxLength}
            value={publicToken}
            onChange={(e) => setPublicToken(e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('account.private_token')} hint={t('account.private_hint')} error={words(problems.private)}>
        {(ids) => (
          <input
            {...ids}
            className="input"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={paymentLimits.tokenMaxLength}
            value={privateToken}
            onChange={(e) => setPrivateToken(e.target.value)}
          />
        )}
      </FormField>
      <ErrorAlert>{connect.problem}</ErrorAlert>
      <div>
        <Button type="submit" variant="primary" busy={connect.pending}>
          {connect.pending ? t('account.connecting') : t('account.connect')}
        </Button>
      </div>
    </form>
  );
}

function ConnectedAccount({ account }: { account: PaymentAccount }) {
  const { t } = useTranslation('payments');
  const dates = useDateFormat();
  const [lastTest, setLastTest] = useState<PaymentAccountTest | null>(null);
  const [confirming, setConfirming] = useState(false);
  const test = useChange(testPaymentAccount, (queryClient, answer) => {
    if (answer) setLastTest(answer);
    refreshAccount(queryClient);
  });
  const disconnect = useChange(disconnectPaymentAccount, refreshAccount);

  const testWords =
    account.tested_at === null
      ? t('account.never_tested')
      : account.test_ok
        ? t('account.test_ok', { when: dates.dateTime(account.tested_at) })
        : t('account.test_failed', { when: dates.dateTime(account.tested_at) });
  // Why the last test failed is known only from the test just made here.
  const why = lastTest && !lastTest.ok && lastTest.code ? t(`account.test_codes.${lastTest.code}`) : null;

  return (
    <div className="settings-form payments-account">
      <p className="wrap-row">
        <Badge tone="success" dot>
          {t('account.connected')}
        </Badge>
        {account.demo ? <DemoPaymentsBadge /> : null}
      </p>
      <dl className="payments-facts">
        <div>
          <dt>{t('account.public_token')}</dt>
          <dd>
            <code>{account.public_token_hint ? `••••${account.public_token_hint}` : '••••'}</code>
          </dd>
        </div>
        {account.business_name ? (
          <div>
            <dt>{t('account.business')}</dt>
            <dd>{account.business_name}</dd>
          </div>
        ) : null}
        {account.connected_at ? (
          <div>
            <dt>{t('account.connected_at')}</dt>
            <dd>{dates.dateTime(account.connected_at)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('account.last_test')}</dt>
          <dd role="status">
            {account.test_ok === false ? <strong className="payments-test-failed">{testWords}</strong> : testWords}
            {why ? <> {why}</> : null}
          </dd>
        </div>
      </dl>
      <p className="muted">{t('account.private_never_shown')}</p>
      <ErrorAlert>{test.problem ?? disconnect.problem}</ErrorAlert>
      <div className="wrap-row">
        <Button variant="secondary" busy={test.pending} onClick={() => void test.run(undefined, t('account.tested_done'))}>
          {test.pending ? t('account.testing') : t('account.test')}
        </Button>
        <Button variant="danger" busy={disconnect.pending} onClick={() => setConfirming(true)}>
          {t('account.disconnect')}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('account.disconnect_title')}
          message={t('account.disconnect_message')}
          confirmLabel={t('account.disconnect_confirm')}
          cancelLabel={t('account.disconnect_keep')}
          destructive
          confirmDisabled={disconnect.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void disconnect.run(undefined, t('account.disconnected_done'));
          }}
        />
      ) : null}
    </div>
  );
}
