import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import i18n from './i18n';
import {
  registerServiceWorker,
  SERVICE_WORKER_URL,
  SKIP_WAITING_MESSAGE,
  TAKEOVER_TIMEOUT_MS,
  translatedUpdatePrompt,
  UPDATE_CHECK_INTERVAL_MS,
  type ServiceWorkerOptions,
} from './service-worker';

const PROMPT = 'A new version of Muster is available. Reload to update?';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = jest.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = jest.fn(() => Promise.resolve());
  /** The browser found a new script: a worker starts installing. */
  startUpdate(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  constructor(
    public controller: object | null,
    readonly registration = new FakeRegistration(),
  ) {
    super();
  }
  register = jest.fn((_url: string, _options?: RegistrationOptions) => Promise.resolve(this.registration));
}

function setup(opts: { controller?: object | null; confirm?: boolean } = {}) {
  const container = new FakeContainer(opts.controller === undefined ? {} : opts.controller);
  const fakes = {
    container,
    confirm: jest.fn((_message: string) => opts.confirm ?? true),
    reload: jest.fn(),
    setInterval: jest.fn((_handler: () => void, _ms: number) => 1),
    setTimeout: jest.fn((_handler: () => void, _ms: number) => 1),
    logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() },
  };
  const options: Partial<ServiceWorkerOptions> = {
    updatePrompt: () => PROMPT,
    navigator: { serviceWorker: container as unknown as ServiceWorkerContainer },
    confirm: fakes.confirm,
    reload: fakes.reload,
    setInterval: fakes.setInterval,
    setTimeout: fakes.setTimeout,
    logger: fakes.logger,
  };
  return { ...fakes, options };
}

/** Lets the awaited prompt text settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorker', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('registers /sw.js for the whole site', async () => {
    const { container, options } = setup();
    const registration = await registerServiceWorker(options);
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(registration).toBe(container.registration);
  });

  it('only logs when the browser has no service workers', async () => {
    const { options, logger } = setup();
    await expect(registerServiceWorker({ ...options, navigator: {} })).resolves.toBeNull();
    expect(logger.info).toHaveBeenCalledTimes(1);
  });

  it('only logs when registration fails', async () => {
    const { container, options, logger } = setup();
    container.register.mockImplementation(() => Promise.reject(new Error('SecurityError')));
    await expect(registerServiceWorker(options)).resolves.toBeNull();
    expect(logger.error).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });

  it('looks for a new version every 60,000 ms; a failed check is only logged', async () => {
    jest.useFakeTimers();
    const { container, options, logger } = setup();
    await registerServiceWorker({ ...options, setInterval: (handler, ms) => setInterval(handler, ms) });
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60_000);
    jest.advanceTimersByTime(59_999);
    expect(container.registration.update).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(container.registration.update).toHaveBeenCalledTimes(1);
    container.registration.update.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    jest.advanceTimersByTime(60_000);
    expect(container.registration.update).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(logger.debug).toHaveBeenCalledWith('Service worker update check failed', expect.any(Error));
  });

  it('asks when a new version has installed while an older one controls the page, then takes over and reloads once', async () => {
    const { container, options, confirm, reload } = setup({ confirm: true });
    await registerServiceWorker(options);
    const worker = container.registration.startUpdate();
    worker.moveTo('installed');
    await settle();
    expect(confirm).toHaveBeenCalledWith(PROMPT);
    expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the new worker has not taken control 3000 ms after the user agreed', async () => {
    jest.useFakeTimers();
    const { container, options, reload } = setup({ confirm: true });
    await registerServiceWorker({ ...options, setTimeout: (handler, ms) => setTimeout(handler, ms) });
    container.registration.startUpdate().moveTo('installed');
    await jest.advanceTimersByTimeAsync(0);
    expect(TAKEOVER_TIMEOUT_MS).toBe(3000);
    jest.advanceTimersByTime(2999);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // A late takeover does not reload a second time.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload twice when the takeover comes first', async () => {
    jest.useFakeTimers();
    const { container, options, reload } = setup({ confirm: true });
    await registerServiceWorker({ ...options, setTimeout: (handler, ms) => setTimeout(handler, ms) });
    container.registration.startUpdate().moveTo('installed');
    await jest.advanceTimersByTimeAsync(0);
    container.dispatchEvent(new Event('controllerchange'));
    jest.advanceTimersByTime(TAKEOVER_TIMEOUT_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the current version when the user declines', async () => {
    const { container, options, confirm, reload } = setup({ confirm: false });
    await registerServiceWorker(options);
    const worker = container.registration.startUpdate();
    worker.moveTo('installed');
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not ask on the very first install (no worker controls the page yet)', async () => {
    const { container, options, confirm } = setup({ controller: null });
    await registerServiceWorker(options);
    container.registration.startUpdate().moveTo('installed');
    await settle();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does not ask before the new worker has installed, and asks only once per worker', async () => {
    const { container, options, confirm } = setup({ confirm: false });
    await registerServiceWorker(options);
    const worker = container.registration.startUpdate();
    worker.moveTo('installing');
    await settle();
    expect(confirm).not.toHaveBeenCalled();
    worker.moveTo('installed');
    worker.moveTo('installed');
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('follows a new version that was already installing when registration answered', async () => {
    const { container, options, confirm } = setup({ confirm: true });
    const installing = new FakeWorker();
    container.registration.installing = installing;
    await registerServiceWorker(options);
    await settle();
    expect(confirm).not.toHaveBeenCalled();
    installing.moveTo('installed');
    await settle();
    expect(confirm).toHaveBeenCalledWith(PROMPT);
    expect(installing.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });

  it('asks about a version that installed during an earlier visit and is still waiting', async () => {
    const { container, options, confirm } = setup({ confirm: true });
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration.waiting = waiting;
    await registerServiceWorker(options);
    await settle();
    expect(confirm).toHaveBeenCalledWith(PROMPT);
    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });
});

describe('translatedUpdatePrompt', () => {
  const read = (lng: string) =>
    JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/pwa.json`, import.meta.url)), 'utf8')) as object;

  it('asks in the current language, naming the product', async () => {
    await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { pwa: read('en') }, es: { pwa: read('es') } } });
    await expect(translatedUpdatePrompt()).resolves.toBe(PROMPT);
    await i18n.changeLanguage('es');
    const spanish = await translatedUpdatePrompt();
    expect(spanish).toContain('Muster');
    expect(spanish).not.toBe(PROMPT);
  });
});
