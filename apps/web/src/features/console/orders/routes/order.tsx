import type { Permission } from '@sentiero/contract/access';
import { PAGES } from '@sentiero/contract/pages';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import { FailureAlert } from '../../components/console-card.tsx';
import { ConsoleNav } from '../../components/console-nav.tsx';
import { useReauthenticated } from '../../components/reauthentication.tsx';
import { SessionGate } from '../../components/session-gate.tsx';
import { type OrderStory, useMarkPaid, useOrderStory, useResendTickets } from '../api.ts';
import { OrderGuests } from '../components/order-guests.tsx';
import { OrderRefunds } from '../components/order-refunds.tsx';
import { OrderTimeline } from '../components/order-story.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { RefundPanel } from '../components/refund-panel.tsx';
import { StateBadge } from '../components/state-badge.tsx';
import { awaitsPaymentOnSite, guestShares, refundableGuests } from '../orders-logic.ts';

/**
 * `/console/orders/:code`: an order's whole story — its buyer and payment, its guests with their
 * tickets, its refunds and what happened when — and what the staff member's permissions let them
 * do to it: send the tickets again, take a pay-on-site payment, cancel and refund guests.
 */
export function Component() {
  return <SessionGate>{(me) => <OrderScreen me={me} />}</SessionGate>;
}

function OrderScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['consoleOrders', 'errors']);
  const { code = '' } = useParams();
  const story = useOrderStory(code);
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-5">
        <Link
          to={PAGES.consoleOrders.path()}
          className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('order.back')}
        </Link>
        <QueryState
          isPending={story.isPending}
          isError={story.isError && !story.error.message}
          onRetry={() => story.refetch()}
        />
        <FailureAlert error={story.error} fallback={t('errors:INTERNAL')} />
        {story.data && <OrderDetails story={story.data} me={me} />}
      </section>
    </div>
  );
}

function OrderDetails({ story, me }: { story: OrderStory; me: ConsoleMe }) {
  const { t } = useTranslation(['consoleOrders', 'errors']);
  const { run, dialog } = useReauthenticated();
  const resend = useResendTickets();
  const markPaid = useMarkPaid();
  const [selected, setSelected] = useState<number[]>([]);
  const may = (permission: Permission) => (me.permissions as readonly string[]).includes(permission);
  const canRefund = may('orders.refund') && story.order.state === 'issued';
  const refundable = canRefund ? refundableGuests(story) : [];
  const canResend = may('orders.resend') && story.order.state === 'issued';
  const canMarkPaid = may('orders.markPaid') && awaitsPaymentOnSite(story);
  const toggle = (lineId: number) =>
    setSelected((before) =>
      before.includes(lineId) ? before.filter((id) => id !== lineId) : [...before, lineId],
    );

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-bold font-mono text-2xl text-stone-900">
          {t('order.title', { code: story.order.code })}
        </h1>
        <StateBadge order={story.order} />
      </div>
      {(canResend || canMarkPaid) && (
        <div className="flex flex-wrap gap-2">
          {canResend && (
            <Button
              variant="secondary"
              busy={resend.isPending}
              onClick={() => resend.mutate(story.order.code)}
            >
              {t('order.resend')}
            </Button>
          )}
          {canMarkPaid && (
            <Button busy={markPaid.isPending} onClick={() => markPaid.mutate(story.order.code)}>
              {t('order.markPaid')}
            </Button>
          )}
        </div>
      )}
      {resend.isSuccess && <Alert tone="success">{t('order.resent')}</Alert>}
      {markPaid.isSuccess && <Alert tone="success">{t('order.markedPaid')}</Alert>}
      <FailureAlert error={resend.error ?? markPaid.error} fallback={t('errors:INTERNAL')} />
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <OrderSummary story={story} />
          <OrderGuests
            story={story}
            shares={guestShares(story)}
            selectable={refundable}
            selected={selected.filter((id) => refundable.includes(id))}
            onToggle={toggle}
          />
          {refundable.length > 0 && (
            <RefundPanel
              story={story}
              refundable={refundable}
              selected={selected.filter((id) => refundable.includes(id))}
              run={run}
              onDone={() => setSelected([])}
            />
          )}
        </div>
        <div className="min-w-0 space-y-5">
          <OrderRefunds story={story} />
          <OrderTimeline story={story} />
        </div>
      </div>
      {dialog}
    </>
  );
}
