import { isLanguageCode, OG_LOCALES, PRODUCT_NAME, siteMetaValues } from '@muster/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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
 * link previews); this keeps them right as the visitor navigates or changes language. Leaving
 * the page gives the tab back the product's name.
 */
export function usePageMeta(id: string): void {
  const { t, i18n } = useTranslation('site');
  const language = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    const values = siteMetaValues(language);
    const title = t(`meta.${id}.title`, values);
    const description = t(`meta.${id}.description`, values);
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', PRODUCT_NAME);
    setMeta('property', 'og:locale', isLanguageCode(language) ? OG_LOCALES[language] : OG_LOCALES.en);
    setMeta('property', 'og:url', `${window.location.origin}${window.location.pathname}`);
    setMeta('name', 'twitter:card', 'summary');
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [id, t, language]);
}
