/** The longest side a photo keeps on the phone and on its way up; the server keeps 1600 px. */
export const PHONE_PHOTO_MAX_SIDE = 2048;
/** A photo already this small and within the side is sent as it is. */
const SMALL_ENOUGH_BYTES = 600 * 1024;

/**
 * A camera's photo made small enough for one bar of signal: drawn upright, at most 2,048 px on its
 * longest side, as a JPEG. It goes as it is when the member keeps its position (the GPS is in its
 * EXIF, which drawing drops), when the browser cannot draw it (the server reads more formats), or
 * when drawing would not make it smaller.
 */
export async function shrinkPhoto(file: Blob, keepLocation: boolean): Promise<Blob> {
  if (keepLocation || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHONE_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG would turn black as a JPEG: it is laid on white, like paper.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const shrunk = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return shrunk.size < file.size ? shrunk : file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
