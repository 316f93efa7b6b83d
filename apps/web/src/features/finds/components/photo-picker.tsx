import { MAX_PHOTO_UPLOAD_BYTES, MAX_PHOTOS_PER_RECORD, type PhotoRef } from '@sentiero/contract/photo-files';
import { Camera, ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../ui/button.tsx';
import { shrinkPhoto } from '../shrink-photo.ts';
import { writePhoto } from '../store.ts';
import { PhotoPicture } from './photo-view.tsx';

/**
 * The photos of the record being edited: taken with the camera or picked from the gallery, shown
 * at once, removable. A new photo is written to the phone (IndexedDB) as it is picked and named
 * by the record with an empty version; the outbox uploads it before the record, network or not.
 */
export function PhotoPicker({
  member,
  photos,
  onChange,
}: {
  member: number;
  photos: PhotoRef[];
  onChange(photos: PhotoRef[]): void;
}) {
  const { t } = useTranslation('finds');
  const cameraId = useId();
  const galleryId = useId();
  const keepId = useId();
  const [keepLocation, setKeepLocation] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const full = photos.length >= MAX_PHOTOS_PER_RECORD;

  const add = async (files: FileList | null) => {
    setProblem(null);
    const added: PhotoRef[] = [];
    for (const file of Array.from(files ?? [])) {
      if (photos.length + added.length >= MAX_PHOTOS_PER_RECORD) {
        setProblem(t('photos.tooMany', { max: MAX_PHOTOS_PER_RECORD }));
        break;
      }
      // The server reads the content; these only spare an upload that would be refused.
      if (file.type !== '' && !file.type.startsWith('image/')) {
        setProblem(t('photos.notImage'));
        continue;
      }
      // Made small on the phone first: what is kept and sent is a fraction of the camera's file.
      const blob = await shrinkPhoto(file, keepLocation);
      if (blob.size > MAX_PHOTO_UPLOAD_BYTES) {
        setProblem(t('photos.tooLarge', { mb: MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024 }));
        continue;
      }
      const id = crypto.randomUUID();
      await writePhoto(member, { id, blob, keepLocation, queuedAt: Date.now() });
      added.push({ id, v: '' });
    }
    if (added.length > 0) onChange([...photos, ...added]);
  };

  const pickerClass = `${buttonClass('secondary')} ${full ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium text-sm text-stone-800">{t('photos.title')}</legend>
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <PhotoPicture
                member={member}
                photo={photo}
                alt={t('photos.preview', { n: index + 1 })}
                sizes="80px"
                className="size-20 rounded-md object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(photos.filter((kept) => kept.id !== photo.id))}
                className="absolute -top-2 -right-2 rounded-full border border-stone-300 bg-white p-1 text-stone-700 shadow-sm hover:bg-stone-100"
                aria-label={t('photos.remove', { n: index + 1 })}
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={cameraId} className={pickerClass}>
          <Camera aria-hidden className="size-4" />
          {t('photos.take')}
        </label>
        <input
          id={cameraId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          disabled={full}
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
        <label htmlFor={galleryId} className={pickerClass}>
          <ImagePlus aria-hidden className="size-4" />
          {t('photos.gallery')}
        </label>
        <input
          id={galleryId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={full}
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={keepId}
          type="checkbox"
          className="mt-1 size-4 accent-brand-700"
          checked={keepLocation}
          onChange={(event) => setKeepLocation(event.target.checked)}
        />
        <label htmlFor={keepId} className="text-sm text-stone-700">
          {t('photos.keepLocation')}
          <span className="block text-stone-500">{t('photos.keepLocationHint')}</span>
        </label>
      </div>
      <p className="min-h-5 text-red-700 text-sm" aria-live="polite">
        {problem}
      </p>
    </fieldset>
  );
}
