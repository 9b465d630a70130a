/** Product identity and the constants every part of Muster shares (spec §9). */
export const PRODUCT_NAME = 'Muster';
/** Prefix of storage keys, queue names, cookies and Redis keys. */
export const PRODUCT_CODE = 'muster';
/** Default name of the help-desk assistant ("Chat with Skipper"). */
export const DEFAULT_ASSISTANT_NAME = 'Skipper';
/** Default support address (`SUPPORT_EMAIL`). */
export const DEFAULT_SUPPORT_EMAIL = 'support@muster.example';

/** Browser storage keys; all carry the product-code prefix. */
export const STORAGE_KEYS = {
  language: `${PRODUCT_CODE}.language`,
  returnUrl: `${PRODUCT_CODE}.returnUrl`,
  lastActivity: `${PRODUCT_CODE}.lastActivity`,
  locked: `${PRODUCT_CODE}.locked`,
  colorMode: `${PRODUCT_CODE}.colorMode`,
  /** Set once this browser has signed someone in: a first sign-in is welcomed, later ones welcomed back. */
  signedInBefore: `${PRODUCT_CODE}.signedInBefore`,
  /** Prefix of the drill builder's unsaved working copies (`.<template id>` or `.new`). */
  drillTemplateDraft: `${PRODUCT_CODE}.drillTemplateDraft`,
} as const;

/** Cookie names. */
export const COOKIES = {
  session: `${PRODUCT_CODE}.sid`,
  csrf: `${PRODUCT_CODE}.csrf`,
  /** Binds a sign-in code to the browser that asked for it. */
  magicNonce: `${PRODUCT_CODE}.magic`,
  language: `${PRODUCT_CODE}.lng`,
} as const;

/** The CSRF header every mutating request carries (double-submit of the `muster.csrf` cookie). */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Paths of the endpoints every screen may call (the session, sign-out, public settings). They
 * live here, apart from the endpoints' zod schemas, so the public pages can call them without
 * loading zod; the endpoint definitions use the same constants.
 */
export const API_PATHS = {
  me: '/api/auth/me',
  profile: '/api/auth/profile',
  logout: '/api/auth/logout',
  appConfig: '/api/app-config',
} as const;

/** Header carrying the request id, accepted from a proxy and echoed on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
