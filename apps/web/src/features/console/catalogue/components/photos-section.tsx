import { MAX_CATALOGUE_PHOTOS } from '@sentiero/contract/catalogue-photo-files';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import {
  type CataloguePhoto,
  type Subject,
  useDeletePhoto,
  useReorderPhotos,
  useUploadPhoto,
} from '../api.ts';
import { EditorSection } from './catalogue-frame.tsx';

/**
 * A ticket's or an area's photos, in the order the shop shows them (the first on cards and as
 * the page's picture): upload with a preview, move, remove. The server reads each file by its
 * content, removes its metadata and makes the shop's sizes (ADR 030), which takes a few seconds.
 */
export function PhotosSection({
  subject,
  photos,
  canWrite,
}: {
  subject: Subject;
  photos: CataloguePhoto[];
  canWrite: boolean;
}) {
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const remove = useDeletePhoto();
  const reorder = useReorderPhotos();
  const ofArea = 'area_id' in subject;
  const move = (index: number, by: -1 | 1) => {
    const ids = photos.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate({ ...subject, photo_ids: ids });
  };
  const failure = remove.error ?? reorder.error;
  return (
    <EditorSection id={ofArea ? 'area-photos' : 'ticket-photos'} title={t('sections.photos')}>
      <p className="text-sm text-stone-600">
        {t(ofArea ? 'areaEditor.photosLead' : 'photos.lead', { count: MAX_CATALOGUE_PHOTOS })}
      </p>
      {photos.length === 0 ? (
        <p className="text-stone-600">{t(ofArea ? 'areaEditor.photosNone' : 'photos.none')}</p>
      ) : (
        <ul aria-label={t('sections.photos')} className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
              <img
                src={photo.src}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex items-center justify-between gap-1 p-2">
                <span className="text-stone-600 text-xs">
                  {index === 0 ? t('photos.cover') : `#${index + 1}`}
                </span>
                {canWrite && (
                  <span className="flex gap-1">
                    <IconButton
                      label={t('photos.earlier')}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </IconButton>
                    <IconButton
                      label={t('photos.later')}
                      disabled={index === photos.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </IconButton>
                    <IconButton
                      label={t('photos.remove')}
                      onClick={() => remove.mutate({ ...subject, photo_id: photo.id })}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </IconButton>
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {failure ? (
        <Alert tone="error">
          {failure instanceof ApiRequestError ? failure.message : t('errors:INTERNAL')}
        </Alert>
      ) : null}
      {canWrite && photos.length < MAX_CATALOGUE_PHOTOS && <PhotoUpload subject={subject} />}
    </EditorSection>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md border border-stone-300 bg-white p-1.5 text-stone-700 hover:bg-stone-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function PhotoUpload({ subject }: { subject: Subject }) {
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const upload = useUploadPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [altIt, setAltIt] = useState('');
  const [altEn, setAltEn] = useState('');
  const fileId = useId();
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const problem = upload.error instanceof ApiRequestError ? upload.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ ...subject, file, alt_it: altIt, alt_en: altEn } as never, {
      onSuccess: () => {
        setFile(null);
        setAltIt('');
        setAltEn('');
        setFormKey((key) => key + 1);
      },
    });
  };

  return (
    <form
      key={formKey}
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-stone-300 border-dashed p-4"
    >
      <h3 className="font-medium text-stone-900">{t('photos.add')}</h3>
      <div className="grid gap-4 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="flex aspect-[4/3] max-w-xs items-center justify-center overflow-hidden rounded-md bg-stone-100 text-stone-500 text-xs">
          {preview ? (
            <img src={preview} alt={t('photos.preview')} className="h-full w-full object-cover" />
          ) : (
            t('photos.noPreview')
          )}
        </div>
        <div className="space-y-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="font-medium text-sm text-stone-700">
              {t('photos.file')}
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-invalid={problem?.fields.file ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="text-sm"
            />
            {problem?.fields.file && <p className="text-red-700 text-sm">{problem.fields.file}</p>}
          </div>
          <div className="grid gap-3 lg:grid-cols-2">
            <FormField label={t('photos.altIt')} hint={t('photos.altHint')}>
              {(control) => (
                <input
                  {...control}
                  className={inputClass}
                  value={altIt}
                  onChange={(e) => setAltIt(e.target.value)}
                />
              )}
            </FormField>
            <FormField label={t('photos.altEn')}>
              {(control) => (
                <input
                  {...control}
                  className={inputClass}
                  value={altEn}
                  onChange={(e) => setAltEn(e.target.value)}
                />
              )}
            </FormField>
          </div>
        </div>
      </div>
      {problem && !problem.fields.file && <Alert tone="error">{problem.message}</Alert>}
      <Button type="submit" disabled={!file} busy={upload.isPending} busyLabel={t('photos.uploading')}>
        {t('photos.upload')}
      </Button>
    </form>
  );
}
