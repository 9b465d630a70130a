import { Alert, Button, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  COMPLIANCE_LIMITS,
  PROFILE_SCOPES,
  profileInputSchema,
  type ComplianceProfile,
  type ComplianceRule,
  type ProfileInput,
} from '@muster/contracts';
import { useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { RuleChecklist } from './RuleChecklist';
import { ChoiceGroup } from './ChoiceGroup';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useCreateProfile, useUpdateProfile } from './api';
import { FormDialog } from '../../components/FormDialog';

/** A profile as the form holds it: numbers as typed. */
export interface ProfileDraft {
  name: string;
  scope: string;
  facilityName: string;
  ruleIds: string[];
  crewSize: string;
  crewChanges: { date: string; changed: string }[];
}

const numberOf = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

/** The request the form sends. */
export function profileRequest(d: ProfileDraft): ProfileInput {
  return {
    name: d.name,
    scope: d.scope as ProfileInput['scope'],
    facilityName: d.scope === 'facility' ? d.facilityName : null,
    ruleIds: d.ruleIds,
    crewSize: numberOf(d.crewSize) ?? null,
    crewChanges: d.crewChanges.map((c) => ({ date: c.date, changed: numberOf(c.changed) as number })),
  };
}

export function profileDraft(profile: ComplianceProfile | null): ProfileDraft {
  if (!profile) return { name: '', scope: 'organization', facilityName: '', ruleIds: [], crewSize: '', crewChanges: [] };
  return {
    name: profile.name,
    scope: profile.scope.kind,
    facilityName: profile.scope.facilityName ?? '',
    ruleIds: profile.ruleIds,
    crewSize: profile.crewSize === null ? '' : String(profile.crewSize),
    crewChanges: profile.crewChanges.map((c) => ({ date: c.date, changed: String(c.changed) })),
  };
}

/** The draft as `profileInputSchema` checks it (the request's paths are the form's). */
const profileFormSchema = z.custom<ProfileDraft>().transform((values, ctx) => {
  const parsed = profileInputSchema.safeParse(profileRequest(values));
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

function ProfileForm({
  profile,
  rules,
  onDone,
}: {
  profile: ComplianceProfile | null;
  rules: readonly ComplianceRule[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['compliance', 'errors']);
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const mutation = profile ? update : create;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useMusterForm(profileFormSchema, profileDraft(profile));
  const changes = useFieldArray({ control: form.control, name: 'crewChanges' });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    const done = {
      onSuccess: () => {
        toaster.create({ type: 'success', title: t('form.saved') });
        onDone();
      },
      onError: (err: unknown) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    };
    if (profile) update.mutate({ id: profile.id, body }, done);
    else create.mutate(body, done);
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="profile-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" data-testid="profile-form-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('form.name')} error={form.message('name')} required>
          <Input {...form.register('name')} maxLength={COMPLIANCE_LIMITS.profileNameMax} dir="auto" data-testid="profile-name" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('form.scope')} error={form.message('scope')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('scope')} data-testid="profile-scope">
                {PROFILE_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`scopes.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {scope === 'facility' && (
            <FormField label={t('form.facility')} error={form.message('facilityName')} required>
              <Input
                {...form.register('facilityName')}
                maxLength={COMPLIANCE_LIMITS.facilityNameMax}
                dir="auto"
                data-testid="profile-facility"
              />
            </FormField>
          )}
        </SimpleGrid>
        <ChoiceGroup legend={t('form.rules')} error={form.message('ruleIds')} required helperText={t('form.rulesHelp')}>
          <Controller
            control={form.control}
            name="ruleIds"
            render={({ field }) => (
              <RuleChecklist
                rules={rules}
                value={field.value}
                onChange={field.onChange}
                testId="profile-rules"
                itemTestId={(id) => `profile-rule-${id}`}
              />
            )}
          />
        </ChoiceGroup>
        <FormField label={t('form.crewSize')} error={form.message('crewSize')} helperText={t('form.crewSizeHelp')}>
          <Input type="number" inputMode="numeric" min={1} {...form.register('crewSize')} maxWidth="40" data-testid="profile-crew-size" />
        </FormField>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            {t('form.crewChanges')}
          </Text>
          {changes.fields.map((c, i) => (
            <Flex key={c.id} gap="2" align="flex-end" wrap="wrap" data-testid="crew-change-row">
              <FormField label={t('form.changeDate')} error={form.message(`crewChanges.${i}.date`)}>
                <Input type="date" {...form.register(`crewChanges.${i}.date`)} data-testid="crew-change-date" />
              </FormField>
              <FormField label={t('form.changed')} error={form.message(`crewChanges.${i}.changed`)}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  {...form.register(`crewChanges.${i}.changed`)}
                  maxWidth="32"
                  data-testid="crew-change-count"
                />
              </FormField>
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => changes.remove(i)}>
                {t('form.removeChange')}
              </Button>
            </Flex>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => changes.append({ date: new Date().toISOString().slice(0, 10), changed: '' })}
            disabled={changes.fields.length >= COMPLIANCE_LIMITS.crewChangesMax}
            data-testid="crew-change-add"
          >
            {t('form.addChange')}
          </Button>
        </Stack>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={mutation.isPending} data-testid="profile-submit">
          {profile ? t('form.save') : t('form.create')}
        </Button>
      </Stack>
    </form>
  );
}

/** Creating or editing a profile (ADMIN, MANAGER). */
export function ProfileDialog({
  profile,
  rules,
  trigger,
}: {
  profile: ComplianceProfile | null;
  rules: readonly ComplianceRule[];
  trigger: ReactNode;
}) {
  const { t } = useTranslation('compliance');
  return (
    <FormDialog
      trigger={trigger}
      title={profile ? t('form.editTitle') : t('form.newTitle')}
      testId="profile-dialog"
      closeLabel={t('form.close')}
    >
      {(close) => <ProfileForm profile={profile} rules={rules} onDone={close} />}
    </FormDialog>
  );
}
