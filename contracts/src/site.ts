import { formatUsd } from './i18n.js';
import { ANNUAL_DISCOUNT_PERCENT, PLANS, TRIAL_DAYS } from './plans.js';
import { PRODUCT_NAME } from './product.js';

/**
 * The public site: its pages (for navigation, the sitemap and per-page head tags) and the
 * business facts its legal copy states (spec §9).
 */
export interface PublicPage {
  path: string;
  /** Key of the page's title and description in the `site` translations (`meta.<id>`). */
  id: string;
  /** The translation namespace of its copy. */
  namespace: string;
  /** Name of the web module that renders it (its chunk, preloaded with the HTML). */
  module: string;
}

/** Pages listed in the sitemap and given their own title, description and Open Graph tags. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', id: 'home', namespace: 'home', module: 'HomePage' },
  { path: '/about', id: 'about', namespace: 'about', module: 'AboutPage' },
  { path: '/solutions', id: 'solutions', namespace: 'solutions', module: 'SolutionsPage' },
  { path: '/pricing', id: 'pricing', namespace: 'pricing', module: 'PricingPage' },
  { path: '/faq', id: 'faq', namespace: 'faq', module: 'FaqPage' },
  { path: '/contact', id: 'contact', namespace: 'contact', module: 'ContactPage' },
  { path: '/docs', id: 'docs', namespace: 'docs', module: 'DocsPage' },
  { path: '/legal/privacy', id: 'privacy', namespace: 'legal', module: 'LegalPage' },
  { path: '/legal/terms', id: 'terms', namespace: 'legal', module: 'LegalPage' },
];

/** Namespaces every public page needs before its first paint (the page's own comes on top). */
export const PUBLIC_PAGE_NAMESPACES = ['common', 'shell', 'site'] as const;

/** Facts of the terms and privacy policy. */
export const LEGAL = {
  minimumAge: 18,
  /** Liability is capped at what the customer paid in this many months before a claim. */
  liabilityCapMonths: 12,
  refunds: false,
  /** Notice given before an Enterprise fair-use breach leads to renegotiation or suspension. */
  fairUseNoticeDays: 30,
  retention: {
    complianceAndBillingYears: 7,
    terminatedAccountDays: 90,
    standardPlanDocumentationYears: 2,
  },
  /** Date the current legal texts took effect (ISO). */
  effectiveDate: '2026-11-23',
} as const;

/**
 * Values the pages' titles and descriptions (`site:meta.*`) interpolate, in a language: the
 * product name, the lowest monthly price, the trial length and the annual saving. The web app
 * and the server's head tags use the same values.
 */
export function siteMetaValues(language: string | undefined): Record<string, string | number> {
  return {
    product: PRODUCT_NAME,
    price: formatUsd(PLANS.basic.monthlyPriceCents, language),
    days: TRIAL_DAYS,
    percent: ANNUAL_DISCOUNT_PERCENT,
  };
}
