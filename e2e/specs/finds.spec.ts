import sharp from 'sharp';
import { becomePlusMember } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/** What the finds map says, word for word, in Italian. */
const TEXT = {
  heading: 'I miei ritrovamenti',
  usePosition: 'Usa la mia posizione',
  positionFound: 'Posizione trovata, precisa a circa 18 m',
  species: 'Specie',
  porcino: 'Porcino (Boletus edulis)',
  notes: 'Note',
  save: 'Salva il ritrovamento',
  offline: 'Sei offline: ecco ciò che è salvato su questo telefono.',
  kept: 'Salvato sul telefono, sarà sincronizzato',
  waiting: '1 modifica è salvata sul telefono e sarà inviata quando tornerai online.',
  synced: 'Sincronizzato',
  gallery: 'Dalla galleria',
  openPhoto: 'Apri la foto 1 di Porcino',
  keepLocation: 'Conserva la posizione (GPS) registrata nella foto',
} as const;

// A phone in a wood above the Val Taro, in Italian, that shares its position.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'it-IT',
  geolocation: { latitude: 44.5213, longitude: 9.7634, accuracy: 18 },
  permissions: ['geolocation'],
});

test('a Sentiero+ member marks a find with a photo with no network, sees it kept on the phone, and synced once online (it)', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await becomePlusMember(page, baseURL ?? '', {
    firstname: 'Lucia',
    lastname: 'Bianchi',
    password: 'Boletus2026',
  });

  await page.goto('/user/finds?lng=it');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.heading })).toBeVisible();
  await expect(page.getByText('I miei ritrovamenti (0)')).toBeVisible();
  // The map is a landmark named for what it shows, with the regions drawn where no tile arrives.
  const map = page.getByRole('region', { name: 'Mappa dei miei ritrovamenti' });
  await expect(map.locator('.leaflet-outlines-pane path').first()).toBeVisible();

  // In the wood: no network.
  await context.setOffline(true);
  await page.getByRole('button', { name: TEXT.usePosition }).click();
  await expect(page.getByText(TEXT.positionFound)).toBeVisible();
  await page.getByLabel(TEXT.species).selectOption({ label: TEXT.porcino });
  await page.getByLabel(TEXT.notes).fill('Sotto i faggi, versante nord');
  // A photo from the gallery, kept on the phone with the marker.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(TEXT.gallery)
    .setInputFiles({ name: 'porcino.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await page.getByRole('button', { name: TEXT.save }).click();

  const item = page.getByRole('listitem').filter({ hasText: 'Sotto i faggi, versante nord' });
  await expect(item.getByText(TEXT.kept)).toBeVisible();
  await expect(page.getByText(TEXT.offline)).toBeVisible();
  await expect(page.getByText(TEXT.waiting)).toBeVisible();
  // Kept in the phone's own storage, not only on the screen.
  const waiting = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('sentiero-field');
        request.onsuccess = () => {
          const count = request.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        request.onerror = () => reject(request.error);
      }),
  );
  expect(waiting).toBe(1);
  await expect(item.getByRole('button', { name: TEXT.openPhoto })).toBeVisible();

  // Back in signal: the phone sends it by itself.
  await context.setOffline(false);
  await expect(item.getByText(TEXT.synced)).toBeVisible();
  await expect(page.getByText(TEXT.kept)).toHaveCount(0);
  await expect(page.getByText(TEXT.offline)).toHaveCount(0);

  // The server has it once, where the phone was.
  const listed = await page.request.get('/api/app/find/list?lng=it');
  const { finds } = await listed.json();
  expect(finds).toHaveLength(1);
  expect(finds[0]).toMatchObject({
    latitude: 44.5213,
    longitude: 9.7634,
    accuracy_m: 18,
    species_code: 'boletus-edulis',
    notes: 'Sotto i faggi, versante nord',
  });
  // Its photo went first, and is served to its owner.
  expect(finds[0].photos).toHaveLength(1);
  const [{ id, v }] = finds[0].photos;
  const file = await page.request.get(`/api/app/photo/file?id=${id}&size=thumb&format=webp&v=${v}`);
  expect(file.headers()['content-type']).toBe('image/webp');
  await page.reload();
  await expect(page.getByText('I miei ritrovamenti (1)')).toBeVisible();
  await item.getByRole('button', { name: TEXT.openPhoto }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a large camera photo is made small on the phone before it is kept and sent, unless its position is kept (it)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await becomePlusMember(page, baseURL ?? '', {
    firstname: 'Marta',
    lastname: 'Galli',
    password: 'Boletus2026',
  });
  await page.goto('/user/finds?lng=it');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.heading })).toBeVisible();
  // A 12-megapixel camera photo of leaf litter: noise, so it weighs what a real one does.
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const camera = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(camera.length).toBeGreaterThan(4 * 1024 * 1024);

  await page
    .getByLabel(TEXT.gallery)
    .setInputFiles({ name: 'lettiera.jpg', mimeType: 'image/jpeg', buffer: camera });
  await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  // With its position kept, the photo goes whole: its GPS is in the file's own EXIF.
  await page.getByLabel(TEXT.keepLocation).check();
  await page
    .getByLabel(TEXT.gallery)
    .setInputFiles({ name: 'ceppaia.jpg', mimeType: 'image/jpeg', buffer: camera });
  await expect(page.getByRole('img', { name: 'Foto 2' })).toBeVisible();
  const kept = await page.evaluate(
    () =>
      new Promise<{ size: number; type: string; width: number; height: number }[]>((resolve, reject) => {
        const request = indexedDB.open('sentiero-field');
        request.onsuccess = () => {
          const all = request.result.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = async () => {
            const rows = all.result as { blob: Blob }[];
            resolve(
              await Promise.all(
                rows.map(async ({ blob }) => {
                  const bitmap = await createImageBitmap(blob);
                  return { size: blob.size, type: blob.type, width: bitmap.width, height: bitmap.height };
                }),
              ),
            );
          };
          all.onerror = () => reject(all.error);
        };
        request.onerror = () => reject(request.error);
      }),
  );
  const [shrunk, whole] = [...kept].sort((a, b) => a.size - b.size);
  expect(kept).toHaveLength(2);
  expect(shrunk).toMatchObject({ type: 'image/jpeg', width: 2048, height: 1536 });
  expect(shrunk?.size).toBeLessThan(camera.length / 3);
  expect(whole).toMatchObject({ width, height, size: camera.length });
});
