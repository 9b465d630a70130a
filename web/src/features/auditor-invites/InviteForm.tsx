import { Alert, Button, Checkbox, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  AUDITOR_INVITE_MAX_DAYS,
  createAuditorInviteSchema,
  updateAuditorInviteSchema,
  type AuditorInvite,
  type CreateAuditorInviteRequest,
  type ProfileSummary,
  type UpdateAuditorInviteRequest,
} from '@muster/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { ChoiceGroup } from '../compliance/ChoiceGroup';
import { useCreateInvite, useUpdateInvite } from './api';

const DAY = 86_400_000;

/** A local calendar day (`YYYY-MM-DD`) `days` from today. */
export function localDayFromToday(days: number, now = Date.now()): string {
  const d = new Date(now + days * DAY);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The moment an invite chosen to end on `day` ends: the end of that day where the admin is, but
 * never further than the longest an invite may last (the server checks the same).
 */
export function expiryOf(day: string, now = Date.now()): string {
  const end = new Date(`${day}T23:59:00`).getTime();
  if (Number.isNaN(end)) return day;
  return new Date(Math.min(end, now + AUDITOR_INVITE_MAX_DAYS * DAY - 60_000)).toISOString();
}

export interface InviteDraft {
  auditorName: string;
  firm: string;
  email: string;
  expiresDay: string;
  profileIds: string[];
  facilities: string[];
  from: string;
  to: string;
}

/** Where a request's message shows on the form ("scope.profileIds.0" on the profiles). */
const formPath = (path: string): string => {
  if (path.startsWith('scope.')) return path.slice('scope.'.length).split('.')[0] ?? path;
  if (path === 'scope') return 'profileIds';
  return path === 'expiresAt' ? 'expiresDay' : path;
};

function scopeOf(d: InviteDraft) {
  return { profileIds: d.profileIds, facilities: d.facilities, from: d.from, to: d.to };
}

export function createRequestOf(d: InviteDraft): CreateAuditorInviteRequest {
  return {
    email: d.email,
    auditorName: d.auditorName,
    firm: d.firm || undefined,
    expiresAt: d.expiresDay ? expiryOf(d.expiresDay) : '',
    scope: scopeOf(d),
  };
}

const createFormSchema = z.custom<InviteDraft>().transform((d, ctx) => {
  const request = createRequestOf(d);
  const parsed = createAuditorInviteSchema.safeParse(request);
  if (parsed.success) return request;
  passIssues(ctx, parsed.error.issues, formPath);
  return z.NEVER;
});

const updateFormSchema = z.custom<InviteDraft>().transform((d, ctx) => {
  const request: UpdateAuditorInviteRequest = { scope: scopeOf(d), expiresAt: d.expiresDay ? expiryOf(d.expiresDay) : '' };
  const parsed = updateAuditorInviteSchema.safeParse(request);
  if (parsed.success) return request;
  passIssues(ctx, parsed.error.issues, formPath);
  return z.NEVER;
});

/** The facility names of the chosen profiles (the ones a scope may name). */
function facilityNames(profiles: readonly ProfileSummary[], chosen: readonly string[]): string[] {
  const names = profiles.filter((p) => chosen.includes(p.id)).flatMap((p) => (p.scope.facilityName ? [p.scope.facilityName] : []));
  return [...new Set(names)];
}

function Checklist({
  items,
  value,
  onChange,
  testId,
}: {
  items: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  testId: string;
}) {
  return (
    <Stack gap="2" as="ul" listStyleType="none" data-testid={testId}>
      {items.map((item) => (
        <li key={item.value}>
          <Checkbox.Root
            size="sm"
            alignItems="flex-start"
            checked={value.includes(item.value)}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, item.value] : value.filter((v) => v !== item.value))}
          >
            <Checkbox.HiddenInput data-testid={`${testId}-${item.label}`} />
            <Checkbox.Control />
            <Checkbox.Label>
              <Text as="span" dir="auto">
                {item.label}
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        </li>
      ))}
    </Stack>
  );
}

/**
 * Inviting a guest auditor (name, firm, email, expiry, scope) or, given `invite`, changing an
 * active invite's scope and expiry. The server checks the profiles and facilities again.
 */
export function InviteForm({
  profiles,
  invite,
  onDone,
}: {
  profiles: readonly ProfileSummary[];
  invite?: AuditorInvite;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auditorInvites', 'errors']);
  const create = useCreateInvite();
  const update = useUpdateInvite();
  const [failure, setFailure] = useState<unknown>(null);
  const year = new Date().getFullYear();
  const defaults: InviteDraft = invite
    ? {
        auditorName: invite.auditorName,
        firm: invite.firm ?? '',
        email: invite.email,
        expiresDay: localDayFromToday(0, Date.parse(invite.expiresAt)),
        profileIds: invite.scope.profiles.map((p) => p.id),
        facilities: invite.scope.facilities,
        from: invite.scope.from,
        to: invite.scope.to,
      }
    : {
        auditorName: '',
        firm: '',
        email: '',
        expiresDay: localDayFromToday(30),
        profileIds: [],
        facilities: [],
        from: `${year}-01-01`,
        to: localDayFromToday(0),
      };
  const form = useMusterForm(invite ? updateFormSchema : createFormSchema, defaults);
  const chosen = form.watch('profileIds');
  const facilities = facilityNames(profiles, chosen);
  const pending = create.isPending || update.isPending;

  const onError = (err: unknown) => {
    if (!form.setServerErrors(err, formPath)) setFailure(err);
  };
  const submit = form.handleSubmit((request) => {
    setFailure(null);
    if (invite) {
      update.mutate(
        { id: invite.id, body: request },
        {
          onSuccess: () => {
            toaster.create({ type: 'success', title: t('form.updated') });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(request as CreateAuditorInviteRequest, {
        onSuccess: (created) => {
          toaster.create({ type: 'success', title: t('form.created', { email: created.email }) });
          onDone();
        },
        onError,
      });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="invite-form">
      <Stack gap="4">
        {failure !== null && (
          <Alert.Root status="error" data-testid="invite-error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, failure)}</Alert.Description>
          </Alert.Root>
        )}
        {invite ? (
          <Text dir="auto" fontWeight="semibold">
            {invite.firm
              ? t('list.whoFirm', { name: invite.auditorName, firm: invite.firm, email: invite.email })
              : t('list.who', { name: invite.auditorName, email: invite.email })}
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('form.name')} error={form.message('auditorName')} required>
              <Input {...form.register('auditorName')} maxLength={120} dir="auto" autoComplete="off" data-testid="invite-name" />
            </FormField>
            <FormField label={t('form.firm')} error={form.message('firm')}>
              <Input {...form.register('firm')} maxLength={120} dir="auto" autoComplete="off" data-testid="invite-firm" />
            </FormField>
            <FormField label={t('form.email')} error={form.message('email')} required>
              <Input type="email" {...form.register('email')} dir="ltr" autoComplete="off" data-testid="invite-email" />
            </FormField>
          </SimpleGrid>
        )}
        <FormField
          label={t('form.expires')}
          error={form.message('expiresDay')}
          required
          helperText={t('form.expiresHelp', { days: AUDITOR_INVITE_MAX_DAYS })}
        >
          <Input
            type="date"
            {...form.register('expiresDay')}
            min={localDayFromToday(0)}
            max={localDayFromToday(AUDITOR_INVITE_MAX_DAYS - 1)}
            data-testid="invite-expires"
          />
        </FormField>
        <ChoiceGroup legend={t('form.profiles')} error={form.message('profileIds')} helperText={t('form.profilesHelp')} required>
          {profiles.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="invite-no-profiles">
              {t('form.noProfiles')}
            </Text>
          ) : (
            <Controller
              control={form.control}
              name="profileIds"
              render={({ field }) => (
                <Checklist
                  items={profiles.map((p) => ({ value: p.id, label: p.name }))}
                  value={field.value}
                  onChange={(next) => {
                    field.onChange(next);
                    // Facilities of profiles no longer chosen go with them.
                    const allowed = facilityNames(profiles, next);
                    form.setValue(
                      'facilities',
                      form.getValues('facilities').filter((f) => allowed.includes(f)),
                    );
                  }}
                  testId="invite-profiles"
                />
              )}
            />
          )}
        </ChoiceGroup>
        <ChoiceGroup legend={t('form.facilities')} error={form.message('facilities')} helperText={t('form.facilitiesHelp')}>
          {facilities.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('form.noFacilities')}
            </Text>
          ) : (
            <Controller
              control={form.control}
              name="facilities"
              render={({ field }) => (
                <Checklist
                  items={facilities.map((f) => ({ value: f, label: f }))}
                  value={field.value}
                  onChange={field.onChange}
                  testId="invite-facilities"
                />
              )}
            />
          )}
        </ChoiceGroup>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('form.from')} error={form.message('from')} required>
            <Input type="date" {...form.register('from')} data-testid="invite-from" />
          </FormField>
          <FormField label={t('form.to')} error={form.message('to')} required>
            <Input type="date" {...form.register('to')} data-testid="invite-to" />
          </FormField>
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={pending} data-testid="invite-submit">
          {invite ? t('form.save') : t('form.send')}
        </Button>
      </Stack>
    </form>
  );
}
