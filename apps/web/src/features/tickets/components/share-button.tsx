import { Link2Off, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { useRevokeTicketShare, useShareTicket } from '../api.ts';

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

/**
 * A read-only link for a companion: copied when the browser allows it, shown in any case. The
 * owner can take it back at any time, links shared in an earlier visit included.
 */
export function ShareButton({ code }: { code: string }) {
  const { t } = useTranslation(['tickets', 'errors']);
  const share = useShareTicket();
  const revoke = useRevokeTicketShare();
  const [copied, setCopied] = useState(false);

  async function shareTicket() {
    revoke.reset();
    const { url } = await share.mutateAsync(code);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission (or an insecure origin): the link is shown to copy by hand.
      setCopied(false);
    }
  }

  async function revokeShare() {
    await revoke.mutateAsync(code);
    share.reset();
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={share.isPending}
          busyLabel={t('share.busy')}
          onClick={() => shareTicket().catch(() => undefined)}
        >
          <Share2 aria-hidden className="size-4" />
          {t('share.button')}
        </Button>
        <Button
          variant="secondary"
          busy={revoke.isPending}
          busyLabel={t('share.revoking')}
          onClick={() => revokeShare().catch(() => undefined)}
        >
          <Link2Off aria-hidden className="size-4" />
          {t('share.revoke')}
        </Button>
      </div>
      {share.data && (
        <p role="status" className="break-all text-sm text-stone-700">
          {copied ? t('share.copied') : t('share.link')}{' '}
          <a href={share.data.url} className="text-brand-800 underline">
            {share.data.url}
          </a>
        </p>
      )}
      {revoke.isSuccess && (
        <p role="status" className="text-sm text-stone-700">
          {t('share.revoked')}
        </p>
      )}
      {(share.isError || revoke.isError) && (
        <p role="alert" className="text-red-700 text-sm">
          {failureText(share.error ?? revoke.error, t('errors:NETWORK'))}
        </p>
      )}
    </div>
  );
}
