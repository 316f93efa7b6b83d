import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-error.ts';
import {
  areaChoice,
  areaNames,
  needsReauthentication,
  reauthenticationInput,
  runOrAskToConfirm,
  teamRows,
  toggleArea,
} from './team-logic.ts';

const park = { id: 7, slug: 'parco', name: 'Parco' };

describe('the team screens', () => {
  it('list one row per role a member holds', () => {
    const rows = teamRows([
      {
        staff_id: 5,
        name: 'Ada',
        email: 'ada@example.org',
        disabled: false,
        since: '2026-01-02T00:00:00.000Z',
        grants: [
          { id: 11, role: 'desk', operator: park, area_ids: [3] },
          { id: 12, role: 'ranger', operator: park, area_ids: null },
        ],
      },
    ]);
    expect(rows.map((row) => [row.grantId, row.name, row.role, row.areaIds])).toEqual([
      [11, 'Ada', 'desk', [3]],
      [12, 'Ada', 'ranger', null],
    ]);
  });

  it('name the areas a role is narrowed to, and choose none as all of them', () => {
    const areas = [
      { id: 3, name: 'Val Grande' },
      { id: 4, name: 'Monte Rosa' },
    ];
    expect(areaNames([4, 3], areas)).toEqual(['Monte Rosa', 'Val Grande']);
    expect(areaNames(null, areas)).toBeNull();
    expect(toggleArea([3], 4)).toEqual([3, 4]);
    expect(toggleArea([3, 4], 3)).toEqual([4]);
    expect(areaChoice([])).toBeNull();
    expect(areaChoice([4])).toEqual([4]);
  });

  it('send six digits as a code and anything else as the password', () => {
    expect(reauthenticationInput('123 456')).toEqual({ code: '123456' });
    expect(reauthenticationInput('Secret-2026')).toEqual({ password: 'Secret-2026' });
    expect(reauthenticationInput('1234567')).toEqual({ password: '1234567' });
  });

  it('ask to re-authenticate only when the API says so', () => {
    expect(needsReauthentication(new ApiRequestError(403, 'Confirm', 'REAUTHENTICATION_REQUIRED'))).toBe(
      true,
    );
    expect(needsReauthentication(new ApiRequestError(403, 'No', 'FORBIDDEN'))).toBe(false);
    expect(needsReauthentication(new Error('offline'))).toBe(false);
  });

  it('run a change again once confirmed when the API asks for it, and only then', async () => {
    let calls = 0;
    const change = async () => {
      calls += 1;
      if (calls === 1) throw new ApiRequestError(403, 'Confirm', 'REAUTHENTICATION_REQUIRED');
    };
    const asked: (() => Promise<unknown>)[] = [];
    await runOrAskToConfirm(change, (retry) => asked.push(retry));
    expect(asked).toHaveLength(1);
    await asked[0]?.();
    expect(calls).toBe(2);

    const refused: unknown[] = [];
    await runOrAskToConfirm(
      async () => {
        throw new ApiRequestError(403, 'No', 'FORBIDDEN');
      },
      (retry) => refused.push(retry),
    );
    expect(refused).toEqual([]);
  });
});
