import {
  Badge,
  Box,
  Button,
  Center,
  Flex,
  HStack,
  Icon,
  Link,
  Popover,
  Portal,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { Notification } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError, useNow } from '../components/list';
import { notificationText } from '../features/notifications/text';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../features/notifications/useNotifications';
import { formatCount } from '../lib/format';

function BellIcon() {
  return (
    <Icon boxSize="5" aria-hidden>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
    </Icon>
  );
}

/** The unread count as a small badge ("99+" above 99). */
function CountBadge({ count, testId = 'notification-count' }: { count: number; testId?: string }) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      colorPalette="red"
      variant="solid"
      size="sm"
      borderRadius="full"
      minWidth="5"
      justifyContent="center"
      fontVariantNumeric="tabular-nums"
      aria-hidden
      data-testid={testId}
      data-count={count}
    >
      {count > 99 ? `${formatCount(99, i18n.resolvedLanguage)}+` : formatCount(count, i18n.resolvedLanguage)}
    </Badge>
  );
}

/** One notification: its text in the reader's language; choosing it marks it read and goes to its link. */
function NotificationItem({ notification, now, onChosen }: { notification: Notification; now: number; onChosen: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const markRead = useMarkNotificationRead();
  const { title, lines } = notificationText(t, notification, i18n.resolvedLanguage, now);
  const unread = notification.readAt === null;
  const choose = () => {
    if (unread) markRead.mutate(notification.id);
    onChosen();
  };
  const body = (
    <Flex gap="2" align="flex-start" width="full" textAlign="start">
      <Box flexShrink={0} boxSize="2" marginTop="1.5" borderRadius="full" bg={unread ? 'brand.solid' : 'transparent'} aria-hidden />
      <Stack gap="0.5" minWidth="0" flex="1">
        <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'normal'} dir="auto" wordBreak="break-word">
          {title}
        </Text>
        {lines.map((line) => (
          <Text key={line} fontSize="xs" color="fg.muted" wordBreak="break-word">
            {line}
          </Text>
        ))}
        {unread && <VisuallyHidden>{t('unreadMark')}</VisuallyHidden>}
      </Stack>
    </Flex>
  );
  const itemProps = {
    display: 'flex',
    width: 'full',
    paddingX: '3',
    paddingY: '2.5',
    borderRadius: 'l2',
    bg: unread ? 'brand.subtle' : undefined,
    _hover: { bg: 'bg.muted', textDecoration: 'none' },
    'data-testid': 'notification-item',
    'data-kind': notification.kind,
    'data-unread': unread ? 'true' : 'false',
  } as const;
  return (
    <Box as="li">
      {notification.link ? (
        <Link asChild color="fg" {...itemProps}>
          <RouterLink to={notification.link} onClick={choose}>
            {body}
          </RouterLink>
        </Link>
      ) : (
        <Button variant="ghost" height="auto" fontWeight="normal" whiteSpace="normal" onClick={choose} {...itemProps}>
          {body}
        </Button>
      )}
    </Box>
  );
}

/** The newest notifications, with "Mark all as read". `onChosen` runs when one is opened. */
function NotificationPanel({ onChosen, headingId }: { onChosen: () => void; headingId?: string }) {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();
  const unread = list.data?.unread ?? 0;
  return (
    <Stack gap="2" data-testid="notification-panel">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text id={headingId} fontWeight="semibold">
          {t('title')}
        </Text>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="brand"
          disabled={unread === 0}
          onClick={() => markAll.mutate()}
          data-testid="notifications-read-all"
        >
          {t('markAll')}
        </Button>
      </HStack>
      {list.isPending ? (
        <Center paddingY="4">
          <Spinner size="sm" aria-label={t('loading')} />
        </Center>
      ) : list.isError ? (
        <LoadError title={t('error')} error={list.error} onRetry={() => void list.refetch()} testId="notifications-error" />
      ) : list.data.items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" paddingY="2" data-testid="notifications-empty">
          {t('empty')}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" maxHeight="min(28rem, 60dvh)" overflowY="auto" data-testid="notification-list">
          {list.data.items.map((n) => (
            <NotificationItem key={n.id} notification={n} now={now} onChosen={onChosen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** "3 unread notifications", or "No unread notifications". */
function unreadText(t: TFunction, count: number, language: string | undefined): string {
  return count > 0 ? t('unread', { count: formatCount(count, language) }) : t('noneUnread');
}

/**
 * The bell of the app shell: the unread count (announced to screen readers when it changes) and
 * the newest notifications. `popover` sits in the top bar; `inline` opens the list in place, for
 * the mobile menu (a popover inside the menu's drawer would fight its focus trap).
 */
export function NotificationBell({ variant = 'popover' }: { variant?: 'popover' | 'inline' }) {
  const { t, i18n } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const list = useNotifications();
  const count = list.data?.unread ?? 0;
  const announced = unreadText(t, count, i18n.resolvedLanguage);
  const live = (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="notification-announcement">
      {list.data ? announced : ''}
    </VisuallyHidden>
  );

  if (variant === 'inline') {
    return (
      <Stack gap="2" data-testid="notification-bell-inline">
        <Button
          variant="ghost"
          justifyContent="space-between"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          data-testid="notification-bell-menu"
        >
          <HStack as="span" gap="2">
            <BellIcon />
            <span>{t('title')}</span>
            <VisuallyHidden>{announced}</VisuallyHidden>
          </HStack>
          <CountBadge count={count} />
        </Button>
        {live}
        {open && (
          <Box id={panelId} borderWidth="1px" borderRadius="l2" padding="2" bg="bg.panel">
            <NotificationPanel onChosen={() => setOpen(false)} headingId={headingId} />
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <>
      <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
        <Popover.Trigger asChild>
          <Button
            variant="ghost"
            size="sm"
            paddingX="2"
            gap="1"
            aria-label={count > 0 ? t('bellLabelUnread', { count: formatCount(count, i18n.resolvedLanguage) }) : t('bellLabel')}
            data-testid="notification-bell"
          >
            <BellIcon />
            <CountBadge count={count} />
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="min(24rem, calc(100vw - 1.5rem))" aria-labelledby={headingId}>
              <Popover.Body padding="3">
                <NotificationPanel onChosen={() => setOpen(false)} headingId={headingId} />
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {live}
    </>
  );
}

/**
 * The unread count on the mobile menu's button, so it shows without opening the menu. The button
 * keeps its own name; `id` is for its `aria-describedby`.
 */
export function MenuUnreadBadge({ id }: { id: string }) {
  const { t, i18n } = useTranslation('notifications');
  const list = useNotifications();
  const count = list.data?.unread ?? 0;
  return (
    <>
      <CountBadge count={count} testId="menu-notification-count" />
      <VisuallyHidden id={id}>{count > 0 ? unreadText(t, count, i18n.resolvedLanguage) : ''}</VisuallyHidden>
    </>
  );
}
