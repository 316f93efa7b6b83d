import { type PhotoFormat, type PhotoRef, photoSrcSet, photoUrl } from '@sentiero/contract/photo-files';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPhoto } from '../store.ts';

/*
 * A member's photo on screen: from the server as WebP with a JPEG fallback, both in two widths
 * (`srcset`), or, while it waits on the phone to be uploaded, from the Blob kept in IndexedDB.
 */

/** An object URL of a photo still on the phone; undefined for one on the server (or gone). */
function usePhoneBlobUrl(member: number, photo: PhotoRef): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (photo.v !== '') return;
    let made: string | undefined;
    let cancelled = false;
    void readPhoto(member, photo.id).then((stored) => {
      if (cancelled || !stored) return;
      made = URL.createObjectURL(stored.blob);
      setUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [member, photo.id, photo.v]);
  return url;
}

/** `sizes` says how wide the picture is drawn, so the browser picks the smallest file that is enough. */
export function PhotoPicture({
  member,
  photo,
  alt,
  sizes,
  className,
}: {
  member: number;
  photo: PhotoRef;
  alt: string;
  sizes: string;
  className: string;
}) {
  const onPhone = usePhoneBlobUrl(member, photo);
  if (photo.v === '') {
    return onPhone ? (
      <img src={onPhone} alt={alt} className={className} />
    ) : (
      <span role="img" aria-label={alt} className={`${className} bg-stone-200`} />
    );
  }
  const source = (format: PhotoFormat) => photoSrcSet(photo, format);
  return (
    <picture>
      <source type="image/webp" srcSet={source('webp')} sizes={sizes} />
      <img
        src={photoUrl(photo, 'thumb', 'jpeg')}
        srcSet={source('jpeg')}
        sizes={sizes}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={className}
      />
    </picture>
  );
}

const THUMB = 'size-16 rounded-md object-cover';

/** A record's photos as small squares; each opens large in a dialog. */
export function PhotoStrip({ member, photos, name }: { member: number; photos: PhotoRef[]; name: string }) {
  const { t } = useTranslation('finds');
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-2">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:outline-offset-2"
              aria-label={t('photos.open', { n: index + 1, name })}
            >
              <PhotoPicture member={member} photo={photo} alt="" sizes="64px" className={THUMB} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && photos[open] && (
        <PhotoViewer
          member={member}
          photo={photos[open]}
          alt={t('photos.alt', { n: open + 1, name })}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** The photo large, in the page's own modal dialog (Escape and the button close it). */
function PhotoViewer({
  member,
  photo,
  alt,
  onClose,
}: {
  member: number;
  photo: PhotoRef;
  alt: string;
  onClose(): void;
}) {
  const { t } = useTranslation('finds');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={alt}
      className="m-auto max-h-[92vh] max-w-[min(64rem,96vw)] rounded-xl bg-stone-950 p-0 backdrop:bg-black/70"
    >
      <div className="relative">
        <PhotoPicture
          member={member}
          photo={photo}
          alt={alt}
          sizes="(min-width: 1024px) 64rem, 96vw"
          className="max-h-[92vh] w-auto max-w-full object-contain"
        />
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute top-2 right-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80"
          aria-label={t('photos.close')}
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </dialog>
  );
}
