import { Alert, Badge, Button, CloseButton, Dialog, HStack, Link, Portal, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Restriction } from '@muster/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { refusalOf } from '../../lib/error-text';
import { SUSPENSION_REASONS, supportRefusalText } from './refusals';

export { isSupportRefusal, supportRefusalText } from './refusals';
import { formatDateTime } from '../../lib/format';

/** The screens of support's account controls (and the ID verification queue), linked from each of them and from /app/sysops. */
export const CONTROL_SCREENS = [
  { id: 'userManagement', to: '/app/sysops/user-management' },
  { id: 'suspensions', to: '/app/sysops/suspensions' },
  { id: 'frozenAccounts', to: '/app/sysops/frozen-accounts' },
  { id: 'unlock', to: '/app/sysops/unlock' },
  { id: 'accountControls', to: '/app/sysops/account-controls' },
  { id: 'idVerificationQueue', to: '/app/sysops/id-verification' },
] as const;

export function ControlsNav() {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  return (
    <Wrap as="nav" gap="2" aria-label={t('accountControls:nav')} data-testid="controls-nav">
      {CONTROL_SCREENS.map((screen) => (
        <Button key={screen.id} asChild size="xs" variant={pathname === screen.to ? 'solid' : 'outline'} colorPalette="brand">
          <RouterLink to={screen.to} aria-current={pathname === screen.to ? 'page' : undefined}>
            {t(`${screen.id}.title`)}
          </RouterLink>
        </Button>
      ))}
    </Wrap>
  );
}

/** A page's heading, introduction and the links between the controls' screens. */
export function ControlsHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="3">
      <ControlsNav />
      <Stack gap="1">
        <Text as="h1" textStyle={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
          {title}
        </Text>
        <Text color="fg.muted">{intro}</Text>
      </Stack>
    </Stack>
  );
}

/** A button that asks first (an alert dialog), then runs `onConfirm`. */
export function ConfirmButton({
  label,
  title,
  text,
  confirm,
  onConfirm,
  loading,
  disabled,
  colorPalette = 'red',
  size = 'sm',
  testId,
}: {
  label: string;
  title: string;
  text: ReactNode;
  confirm: string;
  onConfirm: (close: () => void) => void;
  loading?: boolean;
  disabled?: boolean;
  colorPalette?: string;
  size?: 'xs' | 'sm';
  testId?: string;
}) {
  const { t } = useTranslation('accountControls');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog">
      <Dialog.Trigger asChild>
        <Button size={size} variant="outline" colorPalette={colorPalette} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof text === 'string' ? <Text>{text}</Text> : text}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={colorPalette}
                loading={loading}
                onClick={() => onConfirm(() => setOpen(false))}
                data-testid={testId ? `${testId}-confirm` : undefined}
              >
                {confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A restriction's state: in force, lifted (by whom), or ended. */
export function RestrictionState({ restriction }: { restriction: Restriction }) {
  const { t } = useTranslation('accountControls');
  if (restriction.active) return <Badge colorPalette={restriction.kind === 'freeze' ? 'blue' : 'red'}>{t('state.active')}</Badge>;
  return <Badge colorPalette="gray">{restriction.liftedBy ? t('state.lifted') : t('state.ended')}</Badge>;
}

/** Who or what a restriction holds, with a link to the user's page. */
export function SubjectLabel({ restriction }: { restriction: Restriction }) {
  const { t } = useTranslation('accountControls');
  if (restriction.subjectType === 'organization') {
    return (
      <Text fontWeight="semibold" dir="auto">
        {t('subject.organization', { name: restriction.subjectName })}
      </Text>
    );
  }
  return (
    <Stack gap="0">
      <Link asChild fontWeight="semibold" color="brand.fg">
        <RouterLink to={`/app/sysops/user-management?user=${restriction.subjectId}`} dir="auto">
          {restriction.subjectName || restriction.subjectEmail}
        </RouterLink>
      </Link>
      <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
        {restriction.subjectEmail}
      </Text>
    </Stack>
  );
}

/** When a restriction started, ends and was lifted, and by whom. */
export function RestrictionDates({ restriction }: { restriction: Restriction }) {
  const { t, i18n } = useTranslation('accountControls');
  const at = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  return (
    <Stack gap="0.5" fontSize="sm" color="fg.muted">
      <Text>
        {restriction.createdBy
          ? t('dates.createdBy', { at: at(restriction.createdAt), name: restriction.createdBy.name })
          : t('dates.created', { at: at(restriction.createdAt) })}
      </Text>
      <Text>{restriction.endsAt ? t('dates.ends', { at: at(restriction.endsAt) }) : t('dates.noEnd')}</Text>
      {restriction.liftedAt && (
        <Text>
          {restriction.liftedBy
            ? t('dates.liftedBy', { at: at(restriction.liftedAt), name: restriction.liftedBy.name })
            : t('dates.liftedAuto', { at: at(restriction.liftedAt) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Support's refusal of a sign-in, kept on the sign-in screen (not a passing toast): the
 * suspension with its end date in the reader's language and support's message.
 */
export function SignInRefusal({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation('accountControls');
  const refusal = refusalOf(error);
  if (!refusal?.reason || !SUSPENSION_REASONS.has(refusal.reason)) return null;
  const reset = refusal.reason === 'accountControls.passwordResetRequired';
  return (
    <Alert.Root status={reset ? 'warning' : 'error'} role="alert" data-testid="sign-in-refusal" data-reason={refusal.reason}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{reset ? t('refusal.resetTitle') : t('refusal.suspendedTitle')}</Alert.Title>
        <Alert.Description dir="auto" whiteSpace="pre-wrap">
          {supportRefusalText(t, i18n.resolvedLanguage, error)}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Label and value rows of a section. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack as="dl" gap="2">
      {rows.map(([label, value]) => (
        <HStack key={label} as="div" gap="3" align="baseline" flexWrap="wrap">
          <Text as="dt" color="fg.muted" minW="40">
            {label}
          </Text>
          <Text as="dd" fontWeight="medium" dir="auto">
            {value}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
