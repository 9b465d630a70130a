/**
 * The public site: its pages (for navigation, the sitemap and per-page head tags) and the
 * business facts its legal copy states (spec §9).
 */
export interface PublicPage {
  path: string;
  /** Key of the page's title and description in the `site` translations (`meta.<id>`). */
  id: string;
}

/** Pages listed in the sitemap and given their own title, description and Open Graph tags. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', id: 'home' },
  { path: '/about', id: 'about' },
  { path: '/solutions', id: 'solutions' },
  { path: '/pricing', id: 'pricing' },
  { path: '/faq', id: 'faq' },
  { path: '/contact', id: 'contact' },
  { path: '/docs', id: 'docs' },
  { path: '/legal/privacy', id: 'privacy' },
  { path: '/legal/terms', id: 'terms' },
];

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
