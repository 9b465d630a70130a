import { Alert, Avatar, Box, Button, Dialog, Float, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { api, verifyPasswordSchema, type SessionUser } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import {
  attemptsAlertText,
  displayName,
  initials,
  isPasswordAuthUnavailable,
  unlockFailureOutcome,
  wrongPasswordText,
  type LockText,
} from './lock-machine';
import { sessionLockStore, useLockState } from './lock-store';
import { useLockLogout } from './useLockLogout';

/** A padlock, drawn in the current colour. Decorative: the title says the session is locked. */
function PadlockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="4" y="10" width="16" height="11" rx="2.5" fill="currentColor" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The "Session Locked" dialog (spec §2, §4, §5, §8): it cannot be dismissed (no outside click, no
 * Escape, no close button) and keeps the focus inside; the password unlocks it, three wrong ones
 * or an account without password sign-in end the session, and "Sign Out" ends it at once.
 */
export default function LockOverlay({ user }: { user: SessionUser }) {
  const { t } = useTranslation('lock');
  const { failedAttempts } = useLockState();
  const form = useMusterForm(verifyPasswordSchema, { password: '' });
  const [wrongPassword, setWrongPassword] = useState<LockText | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { logout, isPending: loggingOut } = useLockLogout();
  const text = (item: LockText) => (item.options ? t(item.key, item.options) : t(item.key));

  const endSession = (title: string, description: string) => {
    toaster.create({ type: 'error', title, description });
    logout();
  };

  const failed = () => {
    const outcome = unlockFailureOutcome(sessionLockStore.registerFailedAttempt());
    form.reset();
    if (outcome.kind === 'terminate') {
      setWrongPassword(null);
      endSession(t('toast.tooManyTitle'), t('toast.tooManyText'));
      return;
    }
    setWrongPassword(wrongPasswordText(outcome.remaining));
    passwordRef.current?.focus();
  };

  const verify = useMutation({
    mutationFn: (password: string) => callEndpoint(api.auth.verifyPassword, { body: { password } }),
    // Every outcome is told here; the app-wide "Error" toast would only repeat it.
    meta: { silent: true },
    onSuccess: (result) => {
      if (!result.success) {
        failed();
        return;
      }
      form.reset();
      setWrongPassword(null);
      sessionLockStore.unlock(Date.now());
      toaster.create({ type: 'success', title: t('toast.unlockedTitle'), description: t('toast.unlockedText') });
    },
    onError: (err) => {
      if (!isPasswordAuthUnavailable(err)) {
        failed();
        return;
      }
      form.reset();
      endSession(t('toast.ssoTitle'), t('toast.ssoText'));
    },
  });

  const busy = verify.isPending || loggingOut;
  const onSubmit = form.handleSubmit(({ password }) => {
    if (busy) return;
    setWrongPassword(null);
    verify.mutate(password);
  });
  const password = form.register('password');
  const alert = attemptsAlertText(failedAttempts);
  const lastAttempt = alert?.key === 'lastAttempt';
  const name = displayName(user);

  return (
    <Dialog.Root
      open
      role="alertdialog"
      modal
      trapFocus
      preventScroll
      closeOnInteractOutside={false}
      closeOnEscape={false}
      placement="center"
      motionPreset="scale"
      size={{ base: 'xs', sm: 'sm' }}
      initialFocusEl={() => passwordRef.current}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" backdropFilter="blur(14px)" data-testid="session-lock-backdrop" />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="session-lock" borderTopWidth="4px" borderTopColor="brand.solid">
            <form noValidate onSubmit={(e) => void onSubmit(e)}>
              <Dialog.Header flexDirection="column" alignItems="center" textAlign="center" gap="3" pt="8">
                <Avatar.Root size="2xl" colorPalette="brand" variant="solid">
                  <Avatar.Fallback data-testid="session-lock-initials">{initials(user)}</Avatar.Fallback>
                  <Float placement="bottom-end" offsetX="1" offsetY="1">
                    <Box
                      display="grid"
                      placeItems="center"
                      boxSize="6"
                      borderRadius="full"
                      bg="signal.400"
                      color="brand.900"
                      borderWidth="2px"
                      borderColor="bg.panel"
                    >
                      <PadlockIcon />
                    </Box>
                  </Float>
                </Avatar.Root>
                <Stack gap="1">
                  <Dialog.Title fontSize="xl">{t('title')}</Dialog.Title>
                  <Dialog.Description color="fg.muted" fontSize="sm">
                    {t('description')}
                  </Dialog.Description>
                </Stack>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Stack gap="0" align="center" textAlign="center" borderRadius="l2" bg="bg.muted" px="4" py="3" minWidth="0">
                    <Text fontWeight="semibold" wordBreak="break-word" data-testid="session-lock-name">
                      {name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted" wordBreak="break-all" data-testid="session-lock-email">
                      <bdi>{user.email}</bdi>
                    </Text>
                  </Stack>
                  {alert && (
                    <Alert.Root status={lastAttempt ? 'error' : 'warning'} role="alert" data-testid="session-lock-alert">
                      <Alert.Indicator />
                      <Alert.Title fontWeight="medium">{text(alert)}</Alert.Title>
                    </Alert.Root>
                  )}
                  <FormField
                    label={t('passwordLabel')}
                    error={form.message('password') ?? (wrongPassword ? text(wrongPassword) : undefined)}
                  >
                    <Input
                      {...password}
                      ref={(element) => {
                        password.ref(element);
                        passwordRef.current = element;
                      }}
                      type="password"
                      autoComplete="current-password"
                      placeholder={t('passwordPlaceholder')}
                      disabled={loggingOut}
                      data-testid="session-lock-password"
                    />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="3" pb="6">
                <Button
                  type="button"
                  variant="outline"
                  flex={{ sm: '1' }}
                  onClick={logout}
                  disabled={busy}
                  loading={loggingOut}
                  data-testid="session-lock-sign-out"
                >
                  {t('signOut')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  flex={{ sm: '1' }}
                  loading={verify.isPending}
                  loadingText={t('verifying')}
                  disabled={loggingOut}
                  data-testid="session-lock-unlock"
                >
                  {t('unlock')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
