import { applyDocumentLanguage, sanitiseDetectedLanguage } from './i18n';

describe('sanitiseDetectedLanguage', () => {
  it('keeps supported codes and maps regional variants', () => {
    expect(sanitiseDetectedLanguage('ar')).toBe('ar');
    expect(sanitiseDetectedLanguage('es-MX')).toBe('es');
    expect(sanitiseDetectedLanguage('zh_CN')).toBe('zh');
  });
  it('falls back to English for unsupported languages', () => {
    expect(sanitiseDetectedLanguage('fr')).toBe('en');
  });
  it('ignores values that look like script injection', () => {
    expect(sanitiseDetectedLanguage('<script>alert(1)</script>')).toBe('en');
    expect(sanitiseDetectedLanguage('ar"onload=alert(1)')).toBe('en');
    expect(sanitiseDetectedLanguage('javascript:alert(1)')).toBe('en');
  });
});

describe('applyDocumentLanguage', () => {
  it('sets lang and right-to-left direction for Arabic, and back', () => {
    applyDocumentLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
