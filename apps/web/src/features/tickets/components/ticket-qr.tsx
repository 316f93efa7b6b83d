import { ticketQrMode } from '@sentiero/contract/ticket-code-compact';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/spinner.tsx';

/**
 * The signed code as a QR, drawn on the phone so it also shows offline. Level M survives a
 * scratched screen; 256 px with a quiet zone scans from arm's length. The same symbol as the PDF's:
 * a compact code in alphanumeric mode (ADR 044), an older ticket's code in byte mode.
 */
export function TicketQr({ signedCode, code }: { signedCode: string; code: string }) {
  const { t } = useTranslation('tickets');
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const segment =
      ticketQrMode(signedCode) === 'alphanumeric'
        ? { data: signedCode, mode: 'alphanumeric' as const }
        : { data: new TextEncoder().encode(signedCode), mode: 'byte' as const };
    QRCode.toString([segment], { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((text) => current && setSvg(text))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [signedCode]);
  if (failed) return <p className="text-red-700 text-sm">{t('qr.failed')}</p>;
  if (!svg) return <Spinner size="medium" />;
  return (
    <figure className="flex flex-col items-center gap-2">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={t('qr.alt', { code })}
        width={256}
        height={256}
        className="size-64 rounded-md border border-stone-200 bg-white"
      />
      <figcaption className="font-mono text-stone-600 text-xs">{code}</figcaption>
    </figure>
  );
}
