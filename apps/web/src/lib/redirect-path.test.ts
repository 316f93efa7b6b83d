import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirectPath, withRedirect } from './redirect-path.ts';

describe('safeRedirectPath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeRedirectPath('/user/mytickets')).toBe('/user/mytickets');
    expect(safeRedirectPath('/event/12/payment?guests=2')).toBe('/event/12/payment?guests=2');
  });

  it('sends every other address to the account page', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/user',
      '/\\evil.example',
      'javascript:alert(1)',
      'user',
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe('/user');
    }
  });

  it('never leads back to logging out or to a visitor-only form', () => {
    expect(safeRedirectPath('/logout')).toBe('/user');
    expect(safeRedirectPath('/login?redirectTo=/user')).toBe('/user');
    expect(safeRedirectPath('/signup')).toBe('/user');
    expect(safeRedirectPath('/reset-password?token=abc')).toBe('/user');
  });
});

describe('loginPath', () => {
  it('remembers the page asked for', () => {
    expect(loginPath('/user/mytickets')).toBe('/login?redirectTo=%2Fuser%2Fmytickets');
  });

  it('says nothing when the page is where a login leads anyway, or must not be returned to', () => {
    expect(loginPath('/user')).toBe('/login');
    expect(loginPath('/logout')).toBe('/login');
  });
});

describe('withRedirect', () => {
  it('carries the page to come back to from login to signup and back', () => {
    expect(withRedirect('signup', '/event/47/payment')).toBe('/signup?redirectTo=%2Fevent%2F47%2Fpayment');
    expect(withRedirect('login', '/event/47/payment')).toBe('/login?redirectTo=%2Fevent%2F47%2Fpayment');
  });

  it('drops a missing or unsafe page', () => {
    expect(withRedirect('signup', null)).toBe('/signup');
    expect(withRedirect('login', '//evil.example')).toBe('/login');
  });
});
