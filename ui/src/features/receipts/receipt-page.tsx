/**
 * /client/jobs/{id}/receipt and /provider/jobs/{id}/receipt (issue 28): a job's receipt in the
 * viewer's language, to print ("Imprimir": only the receipt, black on white) or to download as a
 * PDF in the same language ("Descargar PDF"). The client pays the balance left here too, when the
 * api says they may (issue 29, "Pagar el saldo ($160)"): the panel is not on paper.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useJobLocale } from '../../entities/job/job-format.ts';
import { downloadReceiptPdf, receiptQueries } from '../../entities/receipt/api.ts';
import { ReceiptView } from '../../entities/receipt/receipt-view.tsx';
import { useJobPayments } from '../../entities/payment/api.ts';
import { PayPanel } from '../../entities/payment/pay-panel.tsx';
import { isApiError, problemText } from '../../lib/api-error.ts';
import './receipt-page.css';

export function ReceiptPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['receipts', 'errors', 'payments-client', 'quotes']);
  const { id = '' } = useParams();
  const side = useLocation().pathname.startsWith('/provider/') ? 'provider' : 'client';
  const locale = useJobLocale();
  const receipt = useQuery({ ...receiptQueries.detail(id), meta: { silent: true } });
  // Only the client pays; asked once the receipt is there.
  const payments = useJobPayments(id, { enabled: side === 'client' && receipt.isSuccess });
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const notYet = isApiError(receipt.error) && receipt.error.code === 'receipt_not_found';
  const missing = isApiError(receipt.error) && receipt.error.status === 404 && !notYet;

  const download = async () => {
    if (!receipt.data) return;
    setProblem(null);
    setDownloading(true);
    try {
      await downloadReceiptPdf(receipt.data, locale, t('receipt.file_name'));
    } catch (error) {
      setProblem(problemText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  const back = (
    <ButtonLink variant="quiet" to={`/${side}/jobs/${encodeURIComponent(id)}`}>
      {t('receipt.back')}
    </ButtonLink>
  );
  return (
    <PageFrame feature="receipts" title={receipt.data ? t('receipt.number', { number: receipt.data.number }) : t('receipt.title')} actions={back}>
      <div className="receipt-page stack">
        {receipt.isPending ? (
          <p className="muted" role="status">
            {t('receipt.loading')}
          </p>
        ) : null}
        {receipt.isError ? (
          <div className={notYet ? 'alert' : 'alert alert-error'} role={notYet ? 'status' : 'alert'}>
            <p>{notYet ? t('receipt.not_yet') : missing ? t('errors:job_not_found') : `${t('receipt.failed')} ${problemText(t, receipt.error)}`}</p>
            {notYet || missing ? null : (
              <Button variant="secondary" onClick={() => void receipt.refetch()}>
                {t('receipt.retry')}
              </Button>
            )}
          </div>
        ) : null}
        {receipt.data ? (
          <>
            <div className="receipt-page__buttons">
              <Button variant="primary" busy={downloading} onClick={() => void download()}>
                {t('receipt.download')}
              </Button>
              <Button variant="secondary" onClick={() => window.print()}>
                {t('receipt.print')}
              </Button>
            </div>
            <ErrorAlert>{problem}</ErrorAlert>
            {side === 'client' && payments.data ? <PayPanel jobId={id} providerName={receipt.data.provider.business_name} payments={payments.data} /> : null}
            <ReceiptView receipt={receipt.data} />
          </>
        ) : null}
      </div>
    </PageFrame>
  );
}
