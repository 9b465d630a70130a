import { PRODUCT_NAME } from '@muster/contracts';
import i18n from './i18n';

/** The worker script (web/public/sw.js), controlling the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
/** Spec §9: a new version is looked for every 60,000 ms. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
/** Tells a waiting worker to take over (handled in sw.js). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
/**
 * After the user agreed, the page reloads when the new worker takes control. Chromium can hold
 * the takeover back while the old worker still has work from this page (seen when the question
 * came up during the first load); reloading ends that work, and the reloaded page gets the new
 * version. So the page reloads after this long at the latest.
 */
export const TAKEOVER_TIMEOUT_MS = 3000;

type Logger = Pick<Console, 'info' | 'warn' | 'error' | 'debug'>;

export interface ServiceWorkerOptions {
  /** The question asked when a new version is ready ("A new version of Muster is available…"). */
  updatePrompt: () => string | Promise<string>;
  navigator: { serviceWorker?: ServiceWorkerContainer };
  confirm: (message: string) => boolean;
  reload: () => void;
  setInterval: (handler: () => void, ms: number) => unknown;
  setTimeout: (handler: () => void, ms: number) => unknown;
  logger: Logger;
}

/** The update question in the current language (namespace pwa); English when that cannot load. */
export async function translatedUpdatePrompt(): Promise<string> {
  try {
    await i18n.loadNamespaces('pwa');
  } catch {
    // i18next falls back to English; a missing text still yields the key, never an exception.
  }
  return i18n.t('update.prompt', { ns: 'pwa', product: PRODUCT_NAME });
}

function browserDefaults(): ServiceWorkerOptions {
  return {
    updatePrompt: translatedUpdatePrompt,
    navigator: window.navigator,
    confirm: (message) => window.confirm(message),
    reload: () => {
      window.location.reload();
    },
    setInterval: (handler, ms) => window.setInterval(handler, ms),
    setTimeout: (handler, ms) => window.setTimeout(handler, ms),
    logger: console,
  };
}

/**
 * Registers /sw.js, looks for a new version every minute and offers to reload when one is
 * installed while an older one controls the page (spec §4). Missing support and a failed
 * registration are only logged. Resolves to the registration, or null without one.
 */
export async function registerServiceWorker(overrides: Partial<ServiceWorkerOptions> = {}): Promise<ServiceWorkerRegistration | null> {
  const options: ServiceWorkerOptions = { ...browserDefaults(), ...overrides };
  const { logger } = options;
  const container = 'serviceWorker' in options.navigator ? options.navigator.serviceWorker : undefined;
  if (!container) {
    logger.info('Service workers are not supported in this browser: no offline page or update notice.');
    return null;
  }

  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch (err) {
    logger.error('Service worker registration failed', err);
    return null;
  }

  watchForUpdates(registration, container, options);
  options.setInterval(() => {
    registration.update().catch((err: unknown) => {
      // Offline or a failed deployment: the next check tries again.
      logger.debug('Service worker update check failed', err);
    });
  }, UPDATE_CHECK_INTERVAL_MS);
  return registration;
}

/**
 * Asks once per new worker whether to reload when it has installed while an older worker
 * controls the page. On yes the waiting worker is told to take over and the page reloads
 * once, when the new worker has become the controller (or after TAKEOVER_TIMEOUT_MS).
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  options: Pick<ServiceWorkerOptions, 'updatePrompt' | 'confirm' | 'reload' | 'setTimeout' | 'logger'>,
): void {
  const asked = new WeakSet<ServiceWorker>();
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    options.reload();
  };

  const offer = async (worker: ServiceWorker) => {
    if (asked.has(worker)) return;
    asked.add(worker);
    let message: string;
    try {
      message = await options.updatePrompt();
    } catch (err) {
      options.logger.warn('Could not prepare the update notice', err);
      return;
    }
    if (!options.confirm(message)) return;
    container.addEventListener('controllerchange', reloadOnce);
    worker.postMessage(SKIP_WAITING_MESSAGE);
    options.setTimeout(reloadOnce, TAKEOVER_TIMEOUT_MS);
  };

  // The very first install has no controller: nothing to replace, nothing to ask.
  const offerIfUpdate = (worker: ServiceWorker) => {
    if (worker.state === 'installed' && container.controller) void offer(worker);
  };

  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    offerIfUpdate(worker);
    worker.addEventListener('statechange', () => {
      offerIfUpdate(worker);
    });
  };

  // A version may already be waiting (installed during an earlier visit) or installing (found
  // before registration answered); later versions announce themselves with `updatefound`.
  follow(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', () => {
    follow(registration.installing);
  });
}
