import {
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Dialog,
  Heading,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { CHAT_BAN_KINDS, CHAT_LIMITS, createChatBanSchema, type ChatBan } from '@muster/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { PageProps } from '../../lib/page';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';

import { useMusterForm } from '../../lib/forms';
import { useChatBans, useCreateChatBan, useLiftChatBan } from './chat-api';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorText } from '../../lib/error-text';

/** Hours as typed: whole hours within the limit. */
const banHoursSchema = createChatBanSchema.shape.hours.unwrap().unwrap();

/**
 * The form: the request's fields, with the duration as typed (hours, or permanent) turned into
 * the request's `hours`. A duration that is not one is flagged on `hours`; the page says why in
 * its own words.
 */
const banFormSchema = createChatBanSchema
  .omit({ hours: true })
  .extend({ hours: z.string(), permanent: z.boolean() })
  .superRefine((form, ctx) => {
    if (!form.permanent && !(/^\d+$/.test(form.hours.trim()) && banHoursSchema.safeParse(Number(form.hours)).success))
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'validation.invalid' });
  })
  .transform(({ permanent, hours, ...fields }) => ({ ...fields, hours: permanent ? null : Number(hours) }));
const EMPTY = { kind: '', value: '', reason: '', hours: '24', permanent: false };

function BanForm() {
  const { t } = useTranslation('chat');
  const create = useCreateChatBan();
  const form = useMusterForm(banFormSchema, EMPTY);
  const permanent = form.watch('permanent');

  const submit = form.handleSubmit((data) => {
    create.mutate(data, {
      onSuccess: () => {
        form.reset();
        toaster.create({ type: 'success', title: t('bans.created') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    });
  });

  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="ban-form">
        <Card.Header>
          <Card.Title as="h2">{t('bans.formTitle')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('bans.kind')} error={form.message('kind')} required>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('kind')} data-testid="ban-kind">
                    <option value="">{t('bans.chooseKind')}</option>
                    {CHAT_BAN_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`bans.kinds.${kind}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={t('bans.value')} error={form.message('value')} helperText={t('bans.valueHelp')} required>
                <Input {...form.register('value')} maxLength={254} dir="ltr" data-testid="ban-value" />
              </FormField>
            </SimpleGrid>
            <FormField label={t('bans.reason')} error={form.message('reason')} required>
              <Input {...form.register('reason')} maxLength={CHAT_LIMITS.banReasonMax} data-testid="ban-reason" />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
              <FormField
                label={t('bans.hours')}
                error={form.formState.errors.hours ? t('bans.hoursInvalid', { max: CHAT_LIMITS.banHoursMax }) : undefined}
                required={!permanent}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={CHAT_LIMITS.banHoursMax}
                  {...form.register('hours')}
                  disabled={permanent}
                  data-testid="ban-hours"
                />
              </FormField>
              <Controller
                control={form.control}
                name="permanent"
                render={({ field }) => (
                  <Checkbox.Root name={field.name} checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} pb="2">
                    <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} data-testid="ban-permanent" />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('bans.permanent')}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              />
            </SimpleGrid>
            <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={create.isPending} data-testid="ban-submit">
              {t('bans.submit')}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function LiftBan({ ban }: { ban: ChatBan }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const lift = useLiftChatBan();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog">
      <Dialog.Trigger asChild>
        <Button size="xs" variant="outline" data-testid="ban-lift">
          {t('bans.lift')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('bans.liftTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('bans.liftText', { kind: t(`bans.kinds.${ban.kind}`), value: ban.value })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('actions.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="brand"
                loading={lift.isPending}
                onClick={() => lift.mutate(ban.id, { onSuccess: () => setOpen(false) })}
                data-testid="ban-lift-confirm"
              >
                {t('bans.liftConfirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** /app/sysops/chat-bans: who may not use live chat, for how long and why; new bans; lifting. */
export default function ChatBansPage({ pageId }: PageProps) {
  const { t, i18n } = useTranslation(['chat', 'pages']);
  usePageTitle(pageId);
  const bans = useChatBans();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const items = bans.data ?? [];
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="chat-bans">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('pages:chatBans.title')}
        </Heading>
        <Text color="fg.muted">{t('bans.intro')}</Text>
      </Stack>
      <BanForm />
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t('bans.listTitle')}
        </Heading>
        {bans.isPending && <Spinner size="sm" />}
        {bans.isSuccess && items.length === 0 && <Text color="fg.muted">{t('bans.empty')}</Text>}
        {items.length > 0 && (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" data-testid="ban-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('bans.kind')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('bans.value')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('bans.reason')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('bans.until')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('bans.by')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('bans.state')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((ban) => (
                  <Table.Row key={ban.id} data-testid="ban-row" data-active={ban.active}>
                    <Table.Cell>{t(`bans.kinds.${ban.kind}`)}</Table.Cell>
                    <Table.Cell dir="ltr" textAlign="start">
                      {ban.value}
                    </Table.Cell>
                    <Table.Cell dir="auto">{ban.reason}</Table.Cell>
                    <Table.Cell>{ban.expiresAt ? date.format(new Date(ban.expiresAt)) : t('bans.permanentShort')}</Table.Cell>
                    <Table.Cell>{ban.createdBy.name}</Table.Cell>
                    <Table.Cell>
                      {ban.active ? (
                        <Stack gap="1" align="flex-start">
                          <Badge colorPalette="red">{t('bans.active')}</Badge>
                          <LiftBan ban={ban} />
                        </Stack>
                      ) : (
                        <Badge colorPalette="gray">{ban.revokedAt ? t('bans.lifted') : t('bans.expired')}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </Stack>
  );
}
