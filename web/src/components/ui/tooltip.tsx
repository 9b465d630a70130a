import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactNode, Ref, RefObject } from 'react';

/** Spec §9: a tooltip opens after 700 ms of hover or focus. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/**
 * Spec §9: 300 ms skip delay. The tooltip closes 300 ms after the pointer leaves, and while a
 * tooltip is still showing (or closing), moving to another trigger opens that one at once.
 */
export const TOOLTIP_CLOSE_DELAY_MS = 300;

export interface TooltipProps extends ChakraTooltip.RootProps {
  /** What the tooltip says. */
  content: ReactNode;
  showArrow?: boolean;
  /** Render into a portal (default) or in place. */
  portalled?: boolean;
  portalRef?: RefObject<HTMLElement | null>;
  contentProps?: ChakraTooltip.ContentProps;
  /** Renders only the trigger, without a tooltip. */
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The shared tooltip (Chakra v3 snippet): wraps one focusable trigger element.
 *
 * ```tsx
 * <Tooltip content={t('save')}><IconButton aria-label={t('save')}>…</IconButton></Tooltip>
 * ```
 */
export function Tooltip({
  showArrow,
  children,
  disabled,
  portalled = true,
  content,
  contentProps,
  portalRef,
  ref,
  openDelay = TOOLTIP_OPEN_DELAY_MS,
  closeDelay = TOOLTIP_CLOSE_DELAY_MS,
  ...rest
}: TooltipProps) {
  if (disabled) return children;
  return (
    <ChakraTooltip.Root openDelay={openDelay} closeDelay={closeDelay} {...rest}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal disabled={!portalled} container={portalRef}>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content ref={ref} {...contentProps}>
            {showArrow && (
              <ChakraTooltip.Arrow>
                <ChakraTooltip.ArrowTip />
              </ChakraTooltip.Arrow>
            )}
            {content}
          </ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
