import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/**
 * `/console/*`: the staff console's frame, apart from the storefront's layout (no shop header,
 * no ads). Its code loads only when a console address is opened (app/routes.tsx).
 */
export function Component() {
  const { t } = useTranslation('console');
  return (
    <div className="min-h-screen bg-stone-50 print:bg-white">
      <header className="border-stone-200 border-b bg-stone-900 text-white print:hidden">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <span className="font-bold text-lg">{t('brand')}</span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4">
        <Outlet />
      </main>
    </div>
  );
}
