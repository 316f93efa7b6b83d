import { describe, expect, it } from 'vitest';
import { ZGuest } from './checkout.ts';
import { guideInfo } from './guides.ts';

/*
 * A text past its length is refused by its length alone (`abort`): the patterns checked after the
 * length never run on a long hostile text, and the answer names one reason, not two.
 */
describe('texts longer than their field allows', () => {
  it("refuses a guest's overlong name for its length only", () => {
    const result = ZGuest.shape.full_name.safeParse(`Ada ${'Rossi!'.repeat(5_000)}`);
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
  });

  it("refuses a guide's overlong slug for its length only", () => {
    const result = guideInfo.input.safeParse({ slug: 'Nope!'.repeat(5_000) });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['too_big']);
  });

  it('still refuses a name of the right length that does not match the pattern', () => {
    const result = ZGuest.shape.full_name.safeParse('Ada!');
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['invalid_format']);
  });
});
