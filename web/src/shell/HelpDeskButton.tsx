import { Box, Button, CloseButton, HStack, Spinner, Stack, Text, useMediaQuery } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { withAllRecipes } from '../components/ui/recipes-loader';
import { useAppConfig } from './useAppConfig';

/** The help desk itself, loaded when the panel first opens (the public pages stay light). */
const PanelHelpDesk = lazy(withAllRecipes(() => import('../features/help-desk/HelpDesk').then((m) => ({ default: m.HelpDesk }))));

/** Where the floating button never shows (spec §2). */
const HIDDEN_ON = ['/app/help-desk', '/mobile-chat', '/login', '/signup'];
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

  if (hidden || HIDDEN_ON.includes(pathname)) return null;
  const label = t('helpDesk.button', { name: assistantName });

  return (
    <Box ref={panelRef} position="fixed" bottom="4" insetEnd="4" zIndex="sticky" data-testid="help-desk-widget">
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
              <PanelHelpDesk compact />
            </Suspense>
            <Button variant="outline" size="sm" onClick={() => void navigate('/app/help-desk')}>
              {t('helpDesk.open')}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Button
          colorPalette="brand"
          borderRadius="full"
          boxShadow="lg"
          size="lg"
          onClick={() => (narrow ? void navigate('/mobile-chat') : setOpen(true))}
          aria-expanded={open}
          data-testid="help-desk-button"
        >
          {label}
        </Button>
      )}
    </Box>
  );
}
