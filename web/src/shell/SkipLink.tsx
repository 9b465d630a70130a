import { chakra } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Id of every layout's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main';

/** Moves the keyboard focus to the main region (without touching the router's URL). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

/**
 * "Skip to content": the first focusable element of every layout. Out of sight until it has the
 * keyboard focus, then shown at the top start corner; it moves the focus to the main region
 * (which carries `id="main"` and `tabIndex={-1}`), past the header and its navigation.
 */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <chakra.a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToMain}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="bg.panel"
      color="fg"
      fontWeight="semibold"
      boxShadow="lg"
      borderWidth="2px"
      borderColor="brand.solid"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      _focus={{ transform: 'none' }}
      data-testid="skip-link"
    >
      {t('skipToContent')}
    </chakra.a>
  );
}
