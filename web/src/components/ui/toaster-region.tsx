import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster, useLocaleContext } from '@chakra-ui/react';
import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Toast constants of spec §9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast is kept (hidden) before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Pixels a toast must be dragged towards its edge to be dismissed. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Moves focus to the notification region (the key's `KeyboardEvent.code`). */
export const TOAST_HOTKEY = 'F8';
/** Length of the exit transition of Chakra's toast recipe. */
const EXIT_TRANSITION_MS = 400;

const store = createToaster({
  // "end" is logical: bottom right, or bottom left in right-to-left languages.
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  max: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: [TOAST_HOTKEY],
});

type ToastOptions = Parameters<typeof store.create>[0];
type ToastStatus = NonNullable<ToastOptions['onStatusChange']>;

/*
 * A dismissed toast stays (hidden) for the removal delay, and with one toast at a time it
 * would hold the only slot for that long. So a hidden toast gives way at once: to a new
 * toast, and to one already waiting in the queue.
 */
const dismissed = new Set<string>();
const queued = new Set<string>();
let serial = 0;

store.subscribe((toast: { id?: string; dismiss?: boolean }) => {
  if (!toast.id) return;
  // The store publishes a toast when it becomes visible (or changes), and `dismiss` on removal.
  queued.delete(toast.id);
  if (toast.dismiss) dismissed.delete(toast.id);
});

function removeDismissed(except?: string) {
  for (const id of dismissed) if (id !== except) store.remove(id);
}

function track(id: string): ToastStatus {
  return (details) => {
    if (details.status === 'dismissing') {
      dismissed.add(id);
      // Someone is waiting for the slot: let the exit transition play, then make room.
      if (queued.size > 0) setTimeout(() => store.remove(id), EXIT_TRANSITION_MS);
    } else if (details.status === 'unmounted') {
      dismissed.delete(id);
    }
  };
}

function create(options: ToastOptions): string {
  const id = options.id ?? `toast-${String(++serial)}`;
  removeDismissed(id);
  queued.add(id);
  const { onStatusChange } = options;
  const tracked = track(id);
  return store.create({
    ...options,
    id,
    onStatusChange: (details) => {
      tracked(details);
      onStatusChange?.(details);
    },
  });
}

/**
 * The app's toaster (spec §9): one toast visible at a time, 5000 ms by default, a dismissed
 * toast removed 1,000,000 ms later, swipe towards the edge to dismiss, F8 focuses the region.
 * Destructive toasts are `type: 'error'`.
 */
export const toaster: typeof store = {
  ...store,
  create,
  error: (options) => void create({ ...options, type: 'error' }),
  success: (options) => void create({ ...options, type: 'success' }),
  info: (options) => void create({ ...options, type: 'info' }),
  warning: (options) => void create({ ...options, type: 'warning' }),
  loading: (options) => void create({ ...options, type: 'loading' }),
  update: (id, options) => create({ ...options, id }),
  promise: (promise, options, shared) => {
    removeDismissed();
    return store.promise(promise, options, shared);
  },
  remove: (id) => {
    if (id === undefined) {
      dismissed.clear();
      queued.clear();
    }
    store.remove(id);
  },
};

type ToastData = Parameters<Parameters<typeof ChakraToaster>[0]['children']>[0];

/** Follows a pointer dragged across a toast; far enough towards the edge dismisses it. */
function useSwipeToDismiss(id: string) {
  const { dir } = useLocaleContext();
  // The toast sits at the end edge: right, or left in right-to-left languages.
  const towardsEdge = dir === 'rtl' ? -1 : 1;
  const start = useRef<{ pointerId: number; x: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const distance = (event.clientX - start.current.x) * towardsEdge;
    start.current = null;
    setOffset(0);
    if (!cancelled && distance >= TOAST_SWIPE_THRESHOLD_PX) toaster.dismiss(id);
  };

  return {
    offset,
    handlers: {
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.button !== 0 || (event.target as Element).closest('button, a')) return;
        start.current = { pointerId: event.pointerId, x: event.clientX };
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
        if (start.current?.pointerId !== event.pointerId) return;
        // Only towards the edge; a drag the other way does not move the toast.
        setOffset(Math.max(0, (event.clientX - start.current.x) * towardsEdge) * towardsEdge);
      },
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
        end(event, false);
      },
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => {
        end(event, true);
      },
    },
  };
}

function ToastItem({ toast }: { toast: ToastData }) {
  const { t } = useTranslation('pwa');
  const { offset, handlers } = useSwipeToDismiss(toast.id ?? '');
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      touchAction="pan-y"
      userSelect={offset ? 'none' : undefined}
      style={offset ? { transform: `translateX(${String(offset)}px)`, transition: 'none' } : undefined}
      // Hidden once dismissed (after the exit transition): not seen, not focusable, not clickable.
      _closed={{ visibility: 'hidden', transition: 'translate 400ms, scale 400ms, opacity 200ms, visibility 0s linear 400ms' }}
      {...handlers}
    >
      {toast.type === 'loading' ? <Spinner size="sm" color="brand.fg" /> : <Toast.Indicator />}
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
        {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
      </Stack>
      {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
      {toast.closable !== false && <Toast.CloseTrigger aria-label={t('toaster.close')} />}
    </Toast.Root>
  );
}

export function Toaster() {
  const { t } = useTranslation('pwa');
  const { dir } = useLocaleContext();
  // Zag 1.43 turns "end" into a physical side and then applies it as a logical inset, which
  // puts right-to-left toasts on the start side. Pin the region to the logical end instead
  // (in left-to-right this is exactly what Zag does already).
  const atEnd: CSSProperties = {
    insetInlineStart: undefined,
    insetInlineEnd: `calc(env(safe-area-inset-${dir === 'rtl' ? 'left' : 'right'}, 0px) + 1rem)`,
    alignItems: 'flex-end',
  };
  return (
    <Portal>
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        style={atEnd}
        aria-label={t('toaster.region', { hotkey: TOAST_HOTKEY })}
      >
        {(toast) => <ToastItem toast={toast} />}
      </ChakraToaster>
    </Portal>
  );
}
