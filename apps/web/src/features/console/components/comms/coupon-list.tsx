import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button.tsx';
import { type ConsoleCoupon, useSetCouponActive } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';
import { StateBadge } from './console-page.tsx';

const COLUMNS =
  'lg:grid lg:grid-cols-[minmax(0,1.2fr)_6rem_minmax(0,1.6fr)_minmax(0,1.2fr)_6rem_10rem] lg:items-center lg:gap-4';

/** What a coupon takes off: "10 %" or "€ 5.00", in the staff member's language. */
export function useDiscountText() {
  const { i18n } = useTranslation();
  const euros = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  return (coupon: Pick<ConsoleCoupon, 'kind' | 'amount'>) =>
    coupon.kind === 'percent' ? percent.format(coupon.amount / 100) : euros.format(coupon.amount / 100);
}

/** The coupons of a page: a table on a desktop, stacked rows on a tablet. */
export function CouponList({
  coupons,
  onEdit,
}: {
  coupons: ConsoleCoupon[];
  onEdit(coupon: ConsoleCoupon): void;
}) {
  const { t } = useTranslation('consoleComms');
  return (
    <div className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <div
        className={`hidden border-stone-200 border-b px-4 py-2 font-medium text-sm text-stone-600 ${COLUMNS}`}
        aria-hidden
      >
        <span>{t('coupons.code')}</span>
        <span>{t('coupons.discount')}</span>
        <span>{t('coupons.appliesTo')}</span>
        <span>{t('coupons.period')}</span>
        <span>{t('coupons.uses')}</span>
        <span />
      </div>
      <ul aria-label={t('coupons.title')} className="divide-y divide-stone-200">
        {coupons.map((coupon) => (
          <CouponRow key={coupon.id} coupon={coupon} onEdit={() => onEdit(coupon)} />
        ))}
      </ul>
    </div>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: ConsoleCoupon; onEdit(): void }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const setActive = useSetCouponActive();
  const discount = useDiscountText();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const reach = [
    coupon.ticket_ids && t('coupons.tickets', { count: coupon.ticket_ids.length }),
    coupon.area_ids && t('coupons.areas', { count: coupon.area_ids.length }),
    coupon.category_ids && t('coupons.categories', { count: coupon.category_ids.length }),
  ].filter(Boolean);
  const period =
    coupon.valid_from || coupon.valid_until
      ? `${coupon.valid_from ? day.format(new Date(coupon.valid_from)) : '…'} – ${
          coupon.valid_until ? day.format(new Date(coupon.valid_until)) : '…'
        }`
      : t('coupons.always');
  return (
    <li className="space-y-2 px-4 py-3">
      <div className={`grid gap-1 sm:grid-cols-2 ${COLUMNS}`}>
        <div className="min-w-0">
          <p className="break-all font-mono font-semibold text-stone-900">{coupon.code}</p>
          <p className="flex flex-wrap gap-1 text-sm text-stone-600">
            <StateBadge tone={coupon.active ? 'green' : 'stone'}>
              {t(`coupons.states.${coupon.active ? 'active' : 'inactive'}`)}
            </StateBadge>
            {coupon.members_only && <StateBadge tone="blue">{t('coupons.membersOnlyShort')}</StateBadge>}
            <span>{coupon.operator?.name ?? t('coupons.sentiero')}</span>
          </p>
        </div>
        <p className="font-semibold text-stone-900">{discount(coupon)}</p>
        <p className="text-sm text-stone-700">
          {reach.length > 0 ? reach.join(' · ') : t('coupons.everything')}
        </p>
        <p className="text-sm text-stone-700">
          <span className="lg:hidden">{t('coupons.period')}: </span>
          {period}
        </p>
        <p className="text-sm text-stone-700">
          <span className="lg:hidden">{t('coupons.uses')}: </span>
          {coupon.max_uses === null
            ? coupon.uses
            : t('coupons.usesOf', { uses: coupon.uses, max: coupon.max_uses })}
        </p>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:justify-end">
          <Button variant="secondary" className="px-3 py-1 text-sm" onClick={onEdit}>
            {t('coupons.edit')}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1 text-sm"
            busy={setActive.isPending}
            onClick={() => setActive.mutate({ id: coupon.id, active: !coupon.active })}
          >
            {coupon.active ? t('coupons.deactivate') : t('coupons.activate')}
          </Button>
        </div>
      </div>
      <FailureAlert error={setActive.error} fallback={t('errors:INTERNAL')} />
    </li>
  );
}
