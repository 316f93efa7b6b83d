import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'on' });
});
afterAll(() => sut.close());

describe('app/ticket/review/create under a flood', () => {
  it('answers 429 after ten reviews an hour from one address, before reading what is sent', async () => {
    const browser = await createMember(sut, 'Flood');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await browser.post('/api/app/ticket/review/create?lng=en', {
        code: `NOSUCH${i}`,
        rating: 5,
        text: 'Ten characters and more.',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });
});
