import { PRODUCT_NAME } from '@muster/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Open Graph locales of our languages. */
export const OG_LOCALES: Record<string, string> = { en: 'en_US', es: 'es_ES', zh: 'zh_CN', ar: 'ar_AR' };

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * The page's title, description and Open Graph tags in the current language, from
 * `site:meta.<id>`. The server writes the same tags into the HTML it sends (for crawlers and
 * link previews); this keeps them right as the visitor navigates or changes language.
 */
export function usePageMeta(id: string): void {
  const { t, i18n } = useTranslation('site');
  const language = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    const title = t(`meta.${id}.title`, { product: PRODUCT_NAME });
    const description = t(`meta.${id}.description`, { product: PRODUCT_NAME });
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', PRODUCT_NAME);
    setMeta('property', 'og:locale', OG_LOCALES[language] ?? 'en_US');
    setMeta('property', 'og:url', `${window.location.origin}${window.location.pathname}`);
    setMeta('name', 'twitter:card', 'summary');
  }, [id, t, language]);
}
