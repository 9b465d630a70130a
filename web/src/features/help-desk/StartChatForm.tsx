import { Alert, Button, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { CHAT_LIMITS, isLanguageCode, startChatSchema, type StartChatResult } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';

import { useMusterForm } from '../../lib/forms';
import { useStartChat } from '../live-chat/chat-api';
import { errorText } from '../../lib/error-text';

/**
 * Name and email (visitors), then the first message. With an operator online this starts the
 * chat; with nobody online the server files the message as a ticket answered by email.
 */
export function StartChatForm({
  visitor,
  operatorsOnline,
  onStarted,
  onCancel,
}: {
  visitor: boolean;
  operatorsOnline: boolean;
  onStarted: (result: StartChatResult, email: string | null) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['helpdesk', 'chat']);
  const start = useStartChat();
  // Members are known: their form has the message only (name and email stay absent).
  const form = useMusterForm(startChatSchema, visitor ? { name: '', email: '', message: '' } : { message: '' });

  const submit = form.handleSubmit((data) => {
    const language = i18n.resolvedLanguage;
    start.mutate(
      { ...data, language: isLanguageCode(language) ? language : 'en' },
      {
        onSuccess: (result) => onStarted(result, data.email ?? null),
        onError: (err) => void form.setServerErrors(err),
      },
    );
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="start-chat-form">
      <Stack gap="3">
        {!operatorsOnline && (
          <Alert.Root status="info" data-testid="nobody-online">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('start.nobodyTitle')}</Alert.Title>
              <Alert.Description>{t('start.nobodyText')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {visitor && (
          <>
            <Text fontSize="sm" color="fg.muted">
              {t('start.visitorIntro')}
            </Text>
            <FormField label={t('start.name')} error={form.message('name')} required>
              <Input {...form.register('name')} autoComplete="name" maxLength={CHAT_LIMITS.nameMax} data-testid="chat-name" />
            </FormField>
            <FormField label={t('start.email')} error={form.message('email')} required>
              <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" data-testid="chat-email" />
            </FormField>
          </>
        )}
        <FormField label={operatorsOnline ? t('start.message') : t('start.leaveMessage')} error={form.message('message')} required>
          <Textarea {...form.register('message')} rows={3} maxLength={CHAT_LIMITS.messageMax} dir="auto" data-testid="chat-first-message" />
        </FormField>
        {start.isError && !Object.keys(form.formState.errors).length && (
          <Alert.Root status="error" data-testid="start-chat-error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, start.error)}</Alert.Description>
          </Alert.Root>
        )}
        <Stack direction="row" gap="2" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={start.isPending} data-testid="start-chat">
            {operatorsOnline ? t('start.submit') : t('start.submitMessage')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('start.back')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
