import { PRODUCT_NAME } from '@muster/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title for a screen: its page title (`pages:<id>.title`) and the product's name. */
export function usePageTitle(pageId: string): void {
  const { t } = useTranslation('pages');
  const title = t(`${pageId}.title`);
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [title]);
}
