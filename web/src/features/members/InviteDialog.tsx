import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Input,
  Link,
  List,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  bulkInviteSchema,
  createInviteSchema,
  LANGUAGES,
  MEMBER_LIMITS,
  UPGRADE_PATH,
  type InviteResult,
  type MemberRole,
} from '@muster/contracts';
import { useRef, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorStatus } from '../../lib/api';
import { errorText, fieldErrors, refusalOf } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { useBulkInvite, useInvite } from './members-api';

/** "" in a language select: the invitee's language is not known (the email is in the inviter's). */
const optionalLanguage = z
  .enum(['', ...LANGUAGES.map((l) => l.code)] as ['', 'en', 'es', 'zh', 'ar'])
  .transform((v) => (v === '' ? undefined : v));

const oneSchema = createInviteSchema.extend({ language: optionalLanguage });
const listSchema = bulkInviteSchema.extend({ language: optionalLanguage });
const fileSchema = z.object({ role: bulkInviteSchema.shape.role, language: optionalLanguage });

/** Why invitations were refused, shown above the form: seats (402, with the upgrade link), lines of a list, or the reason. */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['members', 'errors']);
  if (!error) return null;
  const status = errorStatus(error);
  const lines = Object.entries(fieldErrors(t, error))
    .filter(([path]) => path.startsWith('lines.'))
    .map(([path, text]) => ({ line: Number(path.slice('lines.'.length)), text }))
    .sort((a, b) => a.line - b.line);
  return (
    <Alert.Root status={status === 402 ? 'warning' : 'error'} data-testid="invite-refusal" data-status={status ?? undefined}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{status === 402 ? t('invite.seatsTitle') : t('invite.refusedTitle')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>{lines.length ? t('invite.linesIntro', { count: lines.length }) : errorText(t, error)}</Text>
            {lines.length > 0 && (
              <List.Root ps="4" maxHeight="40" overflowY="auto" data-testid="invite-line-errors">
                {lines.map(({ line, text }) => (
                  <List.Item key={line}>{t('invite.lineError', { line, text })}</List.Item>
                ))}
              </List.Root>
            )}
            {status === 402 && (
              <Link asChild fontWeight="semibold" data-testid="invite-upgrade">
                <RouterLink to={UPGRADE_PATH}>{t('invite.upgrade')}</RouterLink>
              </Link>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function RoleSelect({ roles, field, testId }: { roles: readonly MemberRole[]; field: UseFormRegisterReturn; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field} data-testid={testId}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function LanguageSelect({ field, testId }: { field: UseFormRegisterReturn; testId: string }) {
  const { t } = useTranslation('members');
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field} data-testid={testId}>
        <option value="">{t('invite.languageUnknown')}</option>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.nativeName}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Footer({ pending, testId, children }: { pending: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={pending} data-testid={testId}>
      {children}
    </Button>
  );
}

/** After invitations went out: say how many, and close the dialog. */
function useDone(onDone: () => void): (result: InviteResult) => void {
  const { t } = useTranslation('members');
  return (result) => {
    toaster.create({ type: 'success', title: t('invite.sent', { count: result.invites.length }) });
    onDone();
  };
}

/** One person: email, role, language. */
function InviteOne({ roles, onDone }: { roles: readonly MemberRole[]; onDone: () => void }) {
  const { t } = useTranslation('members');
  const invite = useInvite();
  const finish = useDone(onDone);
  const form = useMusterForm(oneSchema, { email: '', role: 'USER', language: '' });
  const submit = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: finish,
      onError: (err) => void form.setServerErrors(err),
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="invite-one-form">
      <Stack gap="4">
        {invite.error && errorStatus(invite.error) !== 400 && <Refusal error={invite.error} />}
        <FormField label={t('invite.email')} error={form.message('email')} required>
          <Input {...form.register('email')} type="email" inputMode="email" autoComplete="off" dir="ltr" data-testid="invite-email" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('invite.role')} error={form.message('role')} required>
            <RoleSelect roles={roles} field={form.register('role')} testId="invite-role" />
          </FormField>
          <FormField label={t('invite.language')} helperText={t('invite.languageHelp')} error={form.message('language')}>
            <LanguageSelect field={form.register('language')} testId="invite-language" />
          </FormField>
        </SimpleGrid>
        <Footer pending={invite.isPending} testId="invite-submit">
          {t('invite.submitOne')}
        </Footer>
      </Stack>
    </form>
  );
}

/** A pasted list: one `email[,role[,language]]` per line. */
function InviteList({ roles, onDone }: { roles: readonly MemberRole[]; onDone: () => void }) {
  const { t } = useTranslation('members');
  const bulk = useBulkInvite();
  const finish = useDone(onDone);
  const form = useMusterForm(listSchema, { text: '', role: 'USER', language: '' });
  const submit = form.handleSubmit((body) =>
    bulk.mutate(body, {
      onSuccess: finish,
      onError: (err) => void form.setServerErrors(err),
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="invite-list-form">
      <Stack gap="4">
        {bulk.error && refusalOf(bulk.error)?.fields.text === undefined && <Refusal error={bulk.error} />}
        <FormField
          label={t('invite.list')}
          helperText={t('invite.listHelp', { max: MEMBER_LIMITS.bulkMaxRows })}
          error={form.message('text')}
          required
        >
          <Textarea {...form.register('text')} rows={6} dir="ltr" fontFamily="mono" fontSize="sm" data-testid="invite-list" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('invite.defaultRole')} error={form.message('role')}>
            <RoleSelect roles={roles} field={form.register('role')} testId="invite-list-role" />
          </FormField>
          <FormField label={t('invite.language')} error={form.message('language')}>
            <LanguageSelect field={form.register('language')} testId="invite-list-language" />
          </FormField>
        </SimpleGrid>
        <Footer pending={bulk.isPending} testId="invite-list-submit">
          {t('invite.submitList')}
        </Footer>
      </Stack>
    </form>
  );
}

/** A CSV file (email,role,language), read in the browser and sent as its text: all of it or none. */
function InviteFile({ roles, onDone }: { roles: readonly MemberRole[]; onDone: () => void }) {
  const { t } = useTranslation('members');
  const bulk = useBulkInvite();
  const finish = useDone(onDone);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string; rows: number } | null>(null);
  const [missing, setMissing] = useState(false);
  const form = useMusterForm(fileSchema, { role: 'USER', language: '' });
  const choose = async (chosen: File | undefined) => {
    bulk.reset();
    if (!chosen) {
      setFile(null);
      return;
    }
    const text = await chosen.text();
    setMissing(false);
    setFile({ name: chosen.name, text, rows: text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length });
  };
  const submit = form.handleSubmit((body) => {
    if (!file) {
      setMissing(true);
      return;
    }
    bulk.mutate({ ...body, text: file.text }, { onSuccess: finish });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="invite-file-form">
      <Stack gap="4">
        {bulk.error && <Refusal error={bulk.error} />}
        <FormField
          label={t('invite.file')}
          helperText={t('invite.fileHelp', { max: MEMBER_LIMITS.bulkMaxRows })}
          error={missing ? t('invite.fileMissing') : undefined}
          required
        >
          <Input
            ref={input}
            type="file"
            accept=".csv,text/csv,text/plain"
            p="1"
            onChange={(e) => void choose(e.target.files?.[0])}
            data-testid="invite-file"
          />
        </FormField>
        {file && (
          <Text fontSize="sm" color="fg.muted" data-testid="invite-file-summary">
            {t('invite.fileSummary', { name: file.name, count: file.rows })}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('invite.defaultRole')} error={form.message('role')}>
            <RoleSelect roles={roles} field={form.register('role')} testId="invite-file-role" />
          </FormField>
          <FormField label={t('invite.language')} error={form.message('language')}>
            <LanguageSelect field={form.register('language')} testId="invite-file-language" />
          </FormField>
        </SimpleGrid>
        <Footer pending={bulk.isPending} testId="invite-file-submit">
          {t('invite.submitFile')}
        </Footer>
      </Stack>
    </form>
  );
}

/** Inviting people: one, a pasted list or a CSV file. */
export function InviteDialog({ roles, disabled }: { roles: readonly MemberRole[]; disabled?: boolean }) {
  const { t } = useTranslation(['members', 'common']);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size={{ base: 'full', sm: 'lg' }} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" disabled={disabled} data-testid="invite-open">
          {t('invite.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '3' }}>
          <Dialog.Content data-testid="invite-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('invite.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="one" variant="line" lazyMount unmountOnExit>
                <Tabs.List mb="4">
                  <Tabs.Trigger value="one" data-testid="invite-tab-one">
                    {t('invite.tabOne')}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="list" data-testid="invite-tab-list">
                    {t('invite.tabList')}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="file" data-testid="invite-tab-file">
                    {t('invite.tabFile')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="one">
                  <InviteOne roles={roles} onDone={close} />
                </Tabs.Content>
                <Tabs.Content value="list">
                  <InviteList roles={roles} onDone={close} />
                </Tabs.Content>
                <Tabs.Content value="file">
                  <InviteFile roles={roles} onDone={close} />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('invite.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
