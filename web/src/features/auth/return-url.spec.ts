import { isSafeReturnUrl, storeReturnUrl, takeReturnUrl } from './return-url';

describe('return URL', () => {
  afterEach(() => localStorage.clear());

  it('accepts only same-origin paths', () => {
    expect(isSafeReturnUrl('/app/drills/runs?page=2#top')).toBe(true);
    expect(isSafeReturnUrl('/')).toBe(true);
    for (const bad of [
      '',
      'app',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\nb',
      null,
      42,
    ]) {
      expect(isSafeReturnUrl(bad)).toBe(false);
    }
  });

  it('is taken once: returned and removed', () => {
    storeReturnUrl('/app/tickets/7');
    expect(localStorage.getItem('muster.returnUrl')).toBe('/app/tickets/7');
    expect(takeReturnUrl()).toBe('/app/tickets/7');
    expect(localStorage.getItem('muster.returnUrl')).toBeNull();
    expect(takeReturnUrl()).toBeNull();
  });

  it('never stores nor returns an unsafe value, and removes a planted one', () => {
    storeReturnUrl('//evil.example');
    expect(localStorage.getItem('muster.returnUrl')).toBeNull();
    localStorage.setItem('muster.returnUrl', 'https://evil.example');
    expect(takeReturnUrl()).toBeNull();
    expect(localStorage.getItem('muster.returnUrl')).toBeNull();
  });
});
