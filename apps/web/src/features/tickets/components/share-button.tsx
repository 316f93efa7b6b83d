import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { useShareTicket } from '../api.ts';

/** A read-only link for a companion: copied when the browser allows it, shown in any case. */
export function ShareButton({ code }: { code: string }) {
  const { t } = useTranslation(['tickets', 'errors']);
  const share = useShareTicket();
  const [copied, setCopied] = useState(false);

  async function shareTicket() {
    const { url } = await share.mutateAsync(code);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission (or an insecure origin): the link is shown to copy by hand.
      setCopied(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        busy={share.isPending}
        busyLabel={t('share.busy')}
        onClick={() => shareTicket().catch(() => undefined)}
      >
        <Share2 aria-hidden className="size-4" />
        {t('share.button')}
      </Button>
      {share.data && (
        <p role="status" className="break-all text-sm text-stone-700">
          {copied ? t('share.copied') : t('share.link')}{' '}
          <a href={share.data.url} className="text-brand-800 underline">
            {share.data.url}
          </a>
        </p>
      )}
      {share.isError && (
        <p role="alert" className="text-red-700 text-sm">
          {share.error instanceof ApiRequestError ? share.error.message : t('errors:NETWORK')}
        </p>
      )}
    </div>
  );
}
