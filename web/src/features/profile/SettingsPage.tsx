import { Button, Card, Heading, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { hasRank } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSignedInSession } from '../auth/signed-in-session';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { setColorMode, storedColorMode, type ColorModeChoice } from '../../lib/color-mode';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { parseAutoLock } from './auto-lock';
import { OrganizationSettingsCard } from './OrganizationSettingsCard';
import { useUpdateProfile } from './useProfileMutations';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';

const MODES: ColorModeChoice[] = ['light', 'dark', 'system'];

/** The auto-lock as typed: empty (never) or whole minutes (`parseAutoLock`); the page says why in its own words. */
const autoLockSchema = z.object({ minutes: z.string() }).transform((v, ctx) => {
  const parsed = parseAutoLock(v.minutes);
  if (parsed.ok) return { autoLogoutMinutes: parsed.minutes };
  ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'validation.invalid' });
  return z.NEVER;
});

function AutoLockCard() {
  const { t } = useTranslation('profile');
  const session = useSignedInSession();
  const update = useUpdateProfile();
  const form = useMusterForm(autoLockSchema, { minutes: session.user.autoLogoutMinutes?.toString() ?? '' });
  const error = form.formState.errors.minutes ? t('settings.autoLockInvalid') : undefined;
  const save = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => toaster.create({ type: 'success', title: t('settings.saved') }),
      onError: (err) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) }),
    }),
  );
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Card.Header>
          <Card.Title as="h2">{t('settings.autoLock')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <FormField label={t('settings.autoLockMinutes')} helperText={t('settings.autoLockHelp')} error={error}>
              <Input {...form.register('minutes')} inputMode="numeric" maxWidth="40" data-testid="auto-lock-minutes" />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={update.isPending}>
              {t('settings.save')}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** /app/settings: language, colour mode and the session's auto-lock; for an organisation's ADMIN, its time zone. */
export default function SettingsPage() {
  const { t } = useTranslation('profile');
  const session = useSignedInSession();
  const [mode, setMode] = useState<ColorModeChoice>(storedColorMode());
  return (
    <Stack gap="6" maxWidth="3xl">
      <Heading as="h1" size="2xl">
        {t('settings.title')}
      </Heading>
      <Card.Root variant="outline">
        <Card.Header>
          <Card.Title as="h2">{t('settings.language')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <HStack gap="3" wrap="wrap">
            <LanguageSelect />
            <Text fontSize="sm" color="fg.muted">
              {t('settings.languageHelp')}
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header>
          <Card.Title as="h2">{t('settings.colorMode')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <RadioGroup.Root
            value={mode}
            onValueChange={(e) => {
              const next = (e.value ?? 'system') as ColorModeChoice;
              setMode(next);
              setColorMode(next);
            }}
          >
            <HStack gap="6" wrap="wrap">
              {MODES.map((m) => (
                <RadioGroup.Item key={m} value={m}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`settings.modes.${m}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Card.Body>
      </Card.Root>
      <AutoLockCard />
      {session.org && hasRank(session.role, 'ADMIN') && <OrganizationSettingsCard />}
    </Stack>
  );
}
