import { Badge, Button, Card, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { setPinSchema } from '@muster/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { useMyPin, useSetPin } from './api';

/** The profile's support PIN: set or change it (4–8 digits); support asks for it when you call. */
export function PinCard() {
  const { t, i18n } = useTranslation('security');
  const mine = useMyPin();
  const setPin = useSetPin();
  const [editing, setEditing] = useState(false);
  const form = useMusterForm(setPinSchema, { pin: '', confirmPin: '' });
  const save = form.handleSubmit((body) =>
    setPin.mutate(body, {
      onSuccess: () => {
        form.reset({ pin: '', confirmPin: '' });
        setEditing(false);
        toaster.create({ type: 'success', title: t('myPin.saved') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    }),
  );
  const hasPin = mine.data?.hasPin ?? false;
  return (
    <Card.Root variant="outline" data-testid="pin-card">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Card.Title as="h2">{t('myPin.title')}</Card.Title>
          {mine.data && (
            <Badge colorPalette={hasPin ? 'green' : mine.data.required ? 'orange' : 'gray'} data-testid="pin-state">
              {hasPin ? t('myPin.set') : mine.data.required ? t('myPin.requiredBadge') : t('myPin.notSet')}
            </Badge>
          )}
        </HStack>
        <Card.Description>{t('myPin.text')}</Card.Description>
      </Card.Header>
      <Card.Body>
        {mine.isError ? (
          <LoadError title={t('myPin.loadError')} error={mine.error} onRetry={() => void mine.refetch()} testId="pin-error" />
        ) : editing || (mine.data && !hasPin) ? (
          <form onSubmit={(e) => void save(e)} noValidate>
            <Stack gap="4">
              {mine.data?.required && !hasPin && (
                <Text color="fg.warning" role="status">
                  {t('myPin.required')}
                </Text>
              )}
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <FormField label={t('myPin.pin')} error={form.message('pin')} helperText={t('myPin.pinHelp')} required>
                  <Input
                    type="password"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={8}
                    dir="ltr"
                    {...form.register('pin', { deps: 'confirmPin' })}
                    data-testid="pin-input"
                  />
                </FormField>
                <FormField label={t('myPin.confirm')} error={form.message('confirmPin')} required>
                  <Input
                    type="password"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={8}
                    dir="ltr"
                    {...form.register('confirmPin')}
                    data-testid="pin-confirm"
                  />
                </FormField>
              </SimpleGrid>
              <HStack gap="3">
                <Button type="submit" colorPalette="brand" loading={setPin.isPending} data-testid="pin-save">
                  {t('myPin.save')}
                </Button>
                {hasPin && (
                  <Button variant="ghost" onClick={() => setEditing(false)}>
                    {t('myPin.cancel')}
                  </Button>
                )}
              </HStack>
            </Stack>
          </form>
        ) : (
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Text color="fg.muted" data-testid="pin-summary">
              {mine.data?.setAt ? t('myPin.setOn', { date: formatDateTime(mine.data.setAt, i18n.resolvedLanguage) }) : t('myPin.loading')}
            </Text>
            <Button variant="outline" onClick={() => setEditing(true)} disabled={!mine.data} data-testid="pin-change">
              {t('myPin.change')}
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
