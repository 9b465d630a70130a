import { Badge, Box, NativeSelect, Text } from '@chakra-ui/react';
import { api, type LinkedStep, type TemplateContent } from '@muster/contracts';
import { useQueries } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { callEndpoint } from '../../lib/api';
import { sopKeys, useAckStatus, useLinkedSteps, useSops } from './api';

/** The `sopId:stepId` pairs a drill's steps link. */
export function sopRefsOf(content: Pick<TemplateContent, 'steps'> | null | undefined): string[] {
  return (content?.steps ?? []).flatMap((step) => (step.sopLink ? [`${step.sopLink.sopId}:${step.sopLink.stepId}`] : []));
}

/**
 * The drill builder's choice of the SOP step a drill step tests: every step of each SOP's
 * effective version (else its newest), grouped by SOP, as `sopId:stepId`.
 */
export function SopStepSelect({ field, value, error }: { field: UseFormRegisterReturn; value: string | undefined; error?: string }) {
  const { t } = useTranslation('sops');
  const sops = useSops();
  const items = sops.data?.items ?? [];
  const versions = useQueries({
    queries: items.map((sop) => {
      const versionId = (sop.effective ?? sop.latest).id;
      return {
        queryKey: sopKeys.version(sop.id, versionId),
        queryFn: () => callEndpoint(api.sops.version, { params: { id: sop.id, versionId } }),
      };
    }),
  });
  // The options change as the SOPs load: the select is drawn anew once they have, so that it shows
  // the form's value among them (an uncontrolled select keeps no value its options lacked).
  const ready = !sops.isPending && versions.every((v) => !v.isPending);
  const known = new Set(
    versions.flatMap((v) => (v.data ? v.data.content.sections.flatMap((s) => s.steps.map((step) => `${v.data.sopId}:${step.id}`)) : [])),
  );
  return (
    <FormField label={t('drills.linkLabel')} helperText={t('drills.linkHelp')} error={error}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field key={ready ? 'ready' : 'loading'} {...field} data-testid="field-sop-link" data-ready={ready}>
          <option value="">{t('drills.noLink')}</option>
          {value && !known.has(value) && <option value={value}>{t('drills.linkMissing')}</option>}
          {versions.map((v) =>
            v.data ? (
              <optgroup key={v.data.sopId} label={`${v.data.content.title} v${String(v.data.number)}`}>
                {v.data.content.sections.flatMap((section, s) =>
                  section.steps.map((step, i) => (
                    <option key={step.id} value={`${v.data.sopId}:${step.id}`}>
                      {`${String(s + 1)}.${String(i + 1)} ${step.text.length > 80 ? `${step.text.slice(0, 79)}…` : step.text}`}
                    </option>
                  )),
                )}
              </optgroup>
            ) : null,
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** The linked SOP steps of a drill, by `sopId:stepId`. */
export function useSopSteps(refs: string[]): Map<string, LinkedStep> {
  const linked = useLinkedSteps(refs);
  return new Map((linked.data?.items ?? []).map((item) => [`${item.sopId}:${item.stepId}`, item]));
}

/** The SOP step a console step tests, as written in the SOP's effective version. */
export function LinkedSopStep({ step }: { step: LinkedStep | undefined }) {
  const { t } = useTranslation('sops');
  if (!step) return null;
  return (
    <Box borderInlineStartWidth="3px" borderColor="blue.solid" ps="2" fontSize="sm" data-testid="console-sop-step">
      {step.found ? (
        <>
          <Text fontWeight="semibold" color="fg.muted" dir="auto" textAlign="start">
            {t('drills.linked', { title: step.title ?? '', version: step.version ?? '', number: step.number ?? '' })}
          </Text>
          <Text dir="auto" textAlign="start">
            {step.text}
          </Text>
        </>
      ) : (
        <Text color="fg.muted">{t('drills.linkMissing')}</Text>
      )}
    </Box>
  );
}

/**
 * Who on a drill's roster has not acknowledged the SOPs its steps link (their effective
 * versions): user id → the SOPs' titles. Guests (no user) are left out.
 */
export function useMissingAcknowledgements(
  content: Pick<TemplateContent, 'steps'> | null | undefined,
): (userId: string | null) => string[] {
  const sopIds = sopRefsOf(content).map((ref) => ref.slice(0, ref.indexOf(':')));
  const status = useAckStatus(sopIds);
  const items = status.data?.items ?? [];
  return (userId) => (userId ? items.filter((item) => !item.acknowledgedUserIds.includes(userId)).map((item) => item.title) : []);
}

/** The roster's marker: "SOP not acknowledged", naming the SOPs. */
export function SopAckMarker({ titles }: { titles: string[] }) {
  const { t } = useTranslation('sops');
  if (titles.length === 0) return null;
  const list = titles.join(', ');
  return (
    <Badge
      colorPalette="orange"
      variant="subtle"
      size="sm"
      title={t('drills.notAcknowledgedList', { titles: list })}
      data-testid="roster-sop-missing"
    >
      {t('drills.notAcknowledged')}
      <Text as="span" srOnly>
        {t('drills.notAcknowledgedList', { titles: list })}
      </Text>
    </Badge>
  );
}
