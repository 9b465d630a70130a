import { Box, Button, CloseButton, HStack, Spinner, Stack, Text, useMediaQuery } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { withAllRecipes } from '../components/ui/recipes-loader';
import { WithQueries } from '../lib/with-queries';
import { useAppConfig } from './useAppConfig';

/** The help desk itself, loaded when the panel first opens (the public pages stay light). */
const PanelHelpDesk = lazy(withAllRecipes(() => import('../features/help-desk/HelpDesk').then((m) => ({ default: m.HelpDesk }))));

/** Where the floating button never shows (spec §2). */
const HIDDEN_ON = ['/app/help-desk', '/mobile-chat', '/login', '/signup'];
/**
 * The support operators' own screens: the live-chat console (whose Send button sits where the
 * floating button would), the queues and the moderation pages. An operator answering customers
 * has no use for the customers' help desk, and it would cover their controls.
 */
const OPERATOR_PREFIXES = ['/app/sysops', '/app/chat'];
/**
 * Room the layouts leave below their content while the button shows, so the last actions of a
 * page can be scrolled above it (the button is 48 px on phones, 44 px from `sm` up, 12–16 px off
 * the bottom edge).
 */
export const HELP_DESK_CLEARANCE = '20';

/** Whether the floating help-desk button shows on a path. */
export function helpDeskShownOn(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (HIDDEN_ON.includes(path)) return false;
  return !OPERATOR_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A speech bubble: the button's only visible content on phones, where its text would cover the page. */
function ChatIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />
    </svg>
  );
}
/** At this width or less the button goes straight to the mobile chat. */
export const MOBILE_CHAT_MAX_WIDTH = 768;
export const HELP_PANEL_WIDTH = 280;

/**
 * The floating help-desk button, bottom-right (bottom-left in right-to-left). On desktop it
 * expands to a 280 px panel holding the help desk (the assistant, then a live chat), with a
 * button that opens it full size on /app/help-desk; on narrow screens it goes to /mobile-chat.
 * The panel closes on its close button, Escape, an outside click and a route change.
 */
export function HelpDeskButton({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation('shell');
  const { assistantName } = useAppConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [narrow] = useMediaQuery([`(max-width: ${MOBILE_CHAT_MAX_WIDTH}px)`], { fallback: [false] });
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onPointer = (e: PointerEvent) => {
      if (panelRef.current && !panelRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (hidden || !helpDeskShownOn(pathname)) return null;
  const label = t('helpDesk.button', { name: assistantName });

  return (
    <Box
      ref={panelRef}
      position="fixed"
      bottom={{ base: '3', sm: '4' }}
      insetEnd={{ base: '3', sm: '4' }}
      zIndex="sticky"
      data-testid="help-desk-widget"
    >
      {open ? (
        <Box
          width={`${HELP_PANEL_WIDTH}px`}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="lg"
          boxShadow="lg"
          p="4"
          maxHeight="calc(100dvh - 2rem)"
          overflowY="auto"
          role="dialog"
          aria-label={label}
          data-testid="help-desk-panel"
        >
          <Stack gap="3">
            <HStack justify="space-between">
              <Text fontWeight="semibold">{label}</Text>
              <CloseButton size="sm" aria-label={t('helpDesk.close')} onClick={() => setOpen(false)} />
            </HStack>
            <Suspense
              fallback={
                <HStack gap="2" color="fg.muted">
                  <Spinner size="sm" />
                  <Text fontSize="sm">{t('helpDesk.intro', { name: assistantName })}</Text>
                </HStack>
              }
            >
              {/* The public pages have no TanStack Query of their own: the panel brings it. */}
              <WithQueries>
                <PanelHelpDesk compact />
              </WithQueries>
            </Suspense>
            <Button variant="outline" size="sm" onClick={() => void navigate('/app/help-desk')}>
              {t('helpDesk.open')}
            </Button>
          </Stack>
        </Box>
      ) : (
        // On phones a round icon button (its name stays the label); from `sm` up the labelled pill.
        <Button
          colorPalette="brand"
          borderRadius="full"
          boxShadow="lg"
          size="lg"
          height={{ base: '12', sm: '11' }}
          minWidth={{ base: '12', sm: '11' }}
          px={{ base: '0', sm: '5' }}
          onClick={() => (narrow ? void navigate('/mobile-chat') : setOpen(true))}
          aria-label={label}
          aria-expanded={open}
          data-testid="help-desk-button"
        >
          <ChatIcon />
          <Box as="span" hideBelow="sm">
            {label}
          </Box>
        </Button>
      )}
    </Box>
  );
}
