import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../ui/button.tsx';

/**
 * Edit and delete for one of the member's records (a find, a notebook entry): icons on a phone,
 * words beside them from 640 px, and names that say which record for screen readers.
 */
export function RecordActions({
  name,
  day,
  onEdit,
  onDelete,
}: {
  name: string;
  day: string;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('finds');
  return (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={onEdit}
        className={buttonClass('secondary')}
        aria-label={t('list.editOf', { name, day })}
      >
        <Pencil aria-hidden className="size-4" />
        <span className="hidden sm:inline">{t('list.edit')}</span>
      </button>
      <button
        type="button"
        onClick={onDelete}
        className={buttonClass('secondary')}
        aria-label={t('list.deleteOf', { name, day })}
      >
        <Trash2 aria-hidden className="size-4 text-red-700" />
        <span className="hidden sm:inline">{t('list.delete')}</span>
      </button>
    </div>
  );
}
