import { adImage, type consoleAdImage } from '@sentiero/contract/console-ads';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ImageRefused, processImage } from '../../platform/image-pipeline.ts';
import { findAd, findAdImage, saveAdImage, updateAd } from './ads-repo.ts';
import { adChanges, toConsoleAd } from './manage-ads.ts';

/**
 * The slot shows an ad's picture 80 CSS px square (`ad-slot.tsx`): 240 px wide covers a 3×
 * screen. One WebP file: every browser the storefront supports reads it.
 */
const AD_IMAGE_PLAN = {
  widths: [240],
  formats: ['webp'],
  maxPixels: 50_000_000,
} as const;

/**
 * An ad's picture from an upload: read by its content (never its name or declared type), turned
 * upright, written with no metadata (ADR 030's pipeline). The ad's `image` then names the new
 * file's URL, whose version changes with its bytes.
 */
export async function uploadAdImage(ctx: ServiceContext, input: z.output<typeof consoleAdImage.input>) {
  const staff = requireStaffAccess(ctx, 'ads.manage');
  if (!(await findAd(ctx.db, input.id))) throw notFound();
  let processed: Awaited<ReturnType<typeof processImage>>;
  try {
    processed = await processImage(input.file, {
      widths: [...AD_IMAGE_PLAN.widths],
      formats: [...AD_IMAGE_PLAN.formats],
      maxPixels: AD_IMAGE_PLAN.maxPixels,
    });
  } catch (error) {
    if (error instanceof ImageRefused) throw new AppError('VALIDATION_FAILED', 400, { file: error.problem });
    throw error;
  }
  const [file] = processed.variants;
  if (!file) throw new AppError('VALIDATION_FAILED', 400, { file: 'photoUnreadable' });
  const url = `/api${adImage.path}?id=${encodeURIComponent(input.id)}&v=${processed.version}`;
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findAd(tx, input.id, { lock: true });
    if (!before) throw notFound();
    await saveAdImage(tx, {
      adId: before.id,
      version: processed.version,
      contentType: file.contentType,
      width: file.width,
      height: file.height,
      body: file.body,
      createdAt: ctx.clock.now(),
    });
    const after = await updateAd(tx, before.id, { image: url });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action: 'ad.image',
      targetType: 'ad',
      targetId: before.id,
      changes: adChanges(before, after),
    });
    return after;
  });
  return { ad: toConsoleAd(row) };
}

export async function readAdImage(ctx: ServiceContext, input: z.output<typeof adImage.input>) {
  const file = await findAdImage(ctx.db, input.id, input.v);
  if (!file) throw notFound();
  return file;
}
