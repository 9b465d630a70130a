import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  DRILL_REGULATIONS,
  DRILL_SCENARIO_GROUPS,
  FACILITY_TYPES,
  generateTemplateSchema,
  isDrillManager,
  type GeneratedTemplate,
  type GenerateTemplateRequest,
  type TemplateStatus,
} from '@muster/contracts';
import { useRef, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LibraryTextView } from '../components';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../../lib/page';
import { useSignedInSession } from '../../auth/signed-in-session';
import { FormField } from '../../../components/form/FormField';
import { toaster } from '../../../components/ui/toaster';
import { passIssues, useMusterForm } from '../../../lib/forms';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useGenerateTemplate, useSaveTemplate } from '../api';
import { TemplateContentView } from '../templates/TemplateContentView';
import { errorText } from '../../../lib/error-text';

type Field = 'facilityType' | 'scenario' | 'regulation' | 'durationMinutes' | 'teamSize';
type Answers = Record<Field, string>;

const INITIAL: Answers = { facilityType: 'port_facility', scenario: '', regulation: '', durationMinutes: '60', teamSize: '10' };

/** A typed number: '' is missing (the schema asks for it). */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));

/** The form's texts read as the contracts' request, then validated by `generateTemplateSchema`. */
export const answersSchema = z.custom<Answers>().transform((a, ctx): GenerateTemplateRequest => {
  const result = generateTemplateSchema.safeParse({
    facilityType: a.facilityType || undefined,
    scenario: a.scenario || undefined,
    regulation: a.regulation || undefined,
    durationMinutes: numberOf(a.durationMinutes),
    teamSize: numberOf(a.teamSize),
  });
  if (result.success) return result.data;
  passIssues(ctx, result.error.issues);
  return z.NEVER;
});

function Select({
  field,
  label,
  error,
  children,
}: {
  /** The select's registration with the form (its name is the field's). */
  field: UseFormRegisterReturn<Field>;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormField label={label} error={error} required>
      <NativeSelect.Root>
        <NativeSelect.Field {...field} data-testid={`generate-${field.name}`}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** /app/drills/quick-generate: a few answers, a composed template to look at, then the builder or publish. */
export default function QuickGeneratePage({ pageId }: PageProps) {
  usePageTitle(pageId);
  const { t } = useTranslation(['drillTemplates', 'drills', 'drillLibrary']);
  const session = useSignedInSession();
  const manager = isDrillManager(session.role);
  const navigate = useNavigate();
  const form = useMusterForm(answersSchema, INITIAL);
  const values = form.watch();
  const generate = useGenerateTemplate();
  const save = useSaveTemplate();
  const [result, setResult] = useState<{ answers: Answers; generated: GeneratedTemplate } | null>(null);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState<TemplateStatus | null>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);

  const submit = form.handleSubmit((answers) => {
    setGenerateError(null);
    setSaveError(null);
    const asked = { ...form.getValues() };
    generate.mutate(answers, {
      onSuccess: (generated) => {
        setResult({ answers: asked, generated });
        // The preview is new content further down: take the reader there.
        requestAnimationFrame(() => previewRef.current?.focus());
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setGenerateError(errorText(t, error));
      },
    });
  });

  const keep = (status: TemplateStatus) => {
    if (!result) return;
    setSaveError(null);
    setSaving(status);
    save.mutate(
      { body: { ...result.generated.template, status } },
      {
        onSuccess: (template) => {
          setSaving(null);
          if (status === 'published') {
            toaster.create({ type: 'success', title: t('generate.publishedToast', { name: template.name }) });
            void navigate(`/app/drills/template/${template.id}`);
          } else {
            toaster.create({ type: 'success', title: t('generate.savedToast', { name: template.name }) });
            void navigate(`/app/drills/builder/${template.id}`);
          }
        },
        onError: (error) => {
          setSaving(null);
          setSaveError(errorText(t, error));
        },
      },
    );
  };

  const changed = result !== null && (Object.keys(INITIAL) as Field[]).some((k) => result.answers[k] !== values[k]);
  const scenarios = Object.entries(DRILL_SCENARIO_GROUPS);

  return (
    <Stack gap="5" maxWidth="6xl" data-testid="quick-generate-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('generate.title')}
        </Heading>
        <Text color="fg.muted">{t('generate.subtitle')}</Text>
      </Stack>

      <Card.Root variant="outline" as="section" aria-labelledby="generate-form-title">
        <Card.Body>
          <form noValidate onSubmit={(e) => void submit(e)} data-testid="generate-form">
            <Stack gap="4">
              <Heading as="h2" size="md" id="generate-form-title">
                {t('generate.formTitle')}
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
                <Select field={form.register('facilityType')} label={t('generate.facilityType')} error={form.message('facilityType')}>
                  <option value="">{t('generate.choose')}</option>
                  {FACILITY_TYPES.map((f) => (
                    <option key={f} value={f}>
                      {t(`facilities.${f}`, { ns: 'drills' })}
                    </option>
                  ))}
                </Select>
                <Select field={form.register('scenario')} label={t('generate.scenario')} error={form.message('scenario')}>
                  <option value="">{t('generate.choose')}</option>
                  {scenarios.map(([group, members]) => (
                    <optgroup key={group} label={t(`scenarioGroups.${group}`, { ns: 'drills' })}>
                      {members.map((s) => (
                        <option key={s} value={s}>
                          {t(`scenarios.${s}`, { ns: 'drills' })}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </Select>
                <Select field={form.register('regulation')} label={t('generate.regulation')} error={form.message('regulation')}>
                  <option value="">{t('generate.choose')}</option>
                  {DRILL_REGULATIONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`regulations.${r}`, { ns: 'drills' })}
                    </option>
                  ))}
                </Select>
                <FormField
                  label={t('generate.duration')}
                  error={form.message('durationMinutes')}
                  helperText={t('generate.durationHelp')}
                  required
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={15}
                    max={480}
                    {...form.register('durationMinutes')}
                    data-testid="generate-durationMinutes"
                  />
                </FormField>
                <FormField label={t('generate.teamSize')} error={form.message('teamSize')} helperText={t('generate.teamSizeHelp')} required>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={2}
                    max={500}
                    {...form.register('teamSize')}
                    data-testid="generate-teamSize"
                  />
                </FormField>
              </SimpleGrid>
              <Flex gap="3" wrap="wrap" align="center">
                <Button type="submit" colorPalette="brand" loading={generate.isPending} data-testid="generate-submit">
                  {result ? t('generate.again') : t('generate.submit')}
                </Button>
                {changed && (
                  <Text fontSize="sm" color="orange.fg" data-testid="generate-changed">
                    {t('generate.changed')}
                  </Text>
                )}
              </Flex>
              {generateError && (
                <Alert.Root status="error" data-testid="generate-error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{t('generate.failed')}</Alert.Title>
                    <Alert.Description>{generateError}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      {result && (
        <Stack
          as="section"
          gap="4"
          aria-labelledby="generate-preview-title"
          data-testid="generate-preview"
          data-generated-by={result.generated.generatedBy}
        >
          <Stack gap="2">
            <Heading as="h2" size="lg" id="generate-preview-title" tabIndex={-1} ref={previewRef} outline="none">
              {t('generate.previewTitle')}
            </Heading>
            <Text fontSize="xl" fontWeight="semibold" dir="auto" wordBreak="break-word" data-testid="generate-name">
              <LibraryTextView text={result.generated.template.name} libraryText={result.generated.template.libraryTexts.name} />
            </Text>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={result.generated.generatedBy === 'model' ? 'purple' : 'blue'} data-testid="generated-by">
                {result.generated.generatedBy === 'model' ? t('generate.byModel') : t('generate.byLibrary')}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {result.generated.generatedBy === 'model' ? t('generate.byModelText') : t('generate.byLibraryText')}
            </Text>
          </Stack>
          <Box borderWidth="1px" borderRadius="l2" padding="3" bg="bg.panel" data-testid="generate-actions">
            {manager ? (
              <Stack gap="3">
                <Flex gap="2" wrap="wrap">
                  <Button
                    colorPalette="brand"
                    onClick={() => keep('draft')}
                    loading={saving === 'draft'}
                    disabled={saving !== null}
                    data-testid="generate-edit"
                  >
                    {t('generate.edit')}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => keep('published')}
                    loading={saving === 'published'}
                    disabled={saving !== null}
                    data-testid="generate-publish"
                  >
                    {t('generate.publish')}
                  </Button>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {t('generate.keepHelp')}
                </Text>
                {saveError && (
                  <Alert.Root status="error" data-testid="generate-save-error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t('generate.saveFailed')}</Alert.Title>
                      <Alert.Description>{saveError}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
              </Stack>
            ) : (
              <Text fontSize="sm" data-testid="generate-read-only">
                {t('generate.membersNote')}{' '}
                <Button asChild variant="plain" size="sm" paddingInline="0" height="auto" textDecoration="underline">
                  <RouterLink to="/app/drills/templates">{t('generate.browse')}</RouterLink>
                </Button>
              </Text>
            )}
          </Box>
          <TemplateContentView content={result.generated.template} />
        </Stack>
      )}
    </Stack>
  );
}
